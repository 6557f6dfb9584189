import { statusText } from '#client/i18n/status-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { StatusBadge } from './status-badge.tsx';

/** The status badge of the customer's screens: the label in the page's language. */
export function CustomerStatusBadge({ status, className }: { status: string; className?: string }) {
  const t = useT();
  return <StatusBadge status={status} label={statusText(t, status)} className={className} />;
}
