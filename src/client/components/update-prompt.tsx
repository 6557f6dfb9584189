import { lazy, Suspense, useEffect, useState } from 'react';

const UpdateBanner = lazy(() => import('./update-banner.tsx').then((m) => ({ default: m.UpdateBanner })));

/**
 * Registers the service worker once the page has loaded and the browser is idle (its code is loaded
 * only then, so it costs the first page nothing), and offers a reload when a new version is deployed
 * (the offer's code comes only then too).
 */
export function UpdatePrompt() {
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
    <Suspense fallback={null}>
      <UpdateBanner onReload={applyUpdate} onLater={() => setApplyUpdate(null)} />
    </Suspense>
  );
}
