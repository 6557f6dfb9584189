import { useT } from '#client/i18n/use-t.ts';

/** "A new version is ready": reload now, or later. Loaded only once an update is waiting. */
export function UpdateBanner({ onReload, onLater }: { onReload: () => void; onLater: () => void }) {
  const t = useT();
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center gap-3 rounded-xl bg-ink px-4 py-3 text-sm text-white shadow-lg"
    >
      <p className="flex-1">{t('common.update.ready')}</p>
      <button
        type="button"
        className="rounded-md bg-white px-3 py-1.5 font-semibold text-ink hover:bg-slate-100"
        onClick={onReload}
      >
        {t('common.update.reload')}
      </button>
      <button
        type="button"
        className="rounded-md px-2 py-1.5 font-semibold text-slate-300 hover:text-white"
        onClick={onLater}
      >
        {t('common.update.later')}
      </button>
    </div>
  );
}
