import { statusText } from '#client/i18n/status-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import { normalizeStatus } from '#domain/estimate-status.ts';

const COLOURS: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  scheduled: 'bg-blue-100 text-blue-900 ring-blue-300',
  quoted: 'bg-purple-100 text-purple-900 ring-purple-300',
  approved: 'bg-green-100 text-green-900 ring-green-300',
  declined: 'bg-red-100 text-red-900 ring-red-300',
  in_progress: 'bg-orange-100 text-orange-900 ring-orange-300',
  completed: 'bg-green-700 text-white ring-green-700',
  cancelled: 'bg-red-100 text-red-900 ring-red-300',
};

/**
 * The status as a coloured pill, its label from the catalog (`common.status.*`) in the page's
 * language: every badge, so none is left in English on a Spanish page. The shop's pages are English.
 */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const t = useT();
  const colour = COLOURS[normalizeStatus(status) ?? ''] ?? 'bg-slate-100 text-slate-800 ring-slate-300';
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        colour,
        className,
      )}
    >
      {statusText(t, status)}
    </span>
  );
}
