import { useEffect, useState } from 'react';
import { useT } from '#client/i18n/use-t.ts';

/**
 * Registers the service worker once the page has loaded and the browser is idle (its code is loaded
 * only then, so it costs the first page nothing), and offers a reload when a new version is deployed.
 */
export function UpdatePrompt() {
  const t = useT();
  const [applyUpdate, setApplyUpdate] = useState<(() => void) | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD) return;
    const register = () => {
      void import('#client/lib/service-worker.ts').then(({ registerServiceWorker }) =>
        registerServiceWorker((apply) => setApplyUpdate(() => apply)),
      );
    };
    const whenIdle = () =>
      'requestIdleCallback' in window ? window.requestIdleCallback(register) : setTimeout(register, 1000);
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  }, []);

  if (!applyUpdate) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl bg-ink px-4 py-3 text-sm text-white shadow-lg"
    >
      <p className="flex-1">{t('common.update.ready')}</p>
      <button
        type="button"
        className="rounded-md bg-white px-3 py-1.5 font-semibold text-ink hover:bg-slate-100"
        onClick={applyUpdate}
      >
        {t('common.update.reload')}
      </button>
      <button
        type="button"
        className="rounded-md px-2 py-1.5 font-semibold text-slate-300 hover:text-white"
        onClick={() => setApplyUpdate(null)}
      >
        {t('common.update.later')}
      </button>
    </div>
  );
}
