import { MessageSquareQuote, Smile } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { cn } from '#client/lib/cn.ts';
import { formatShopDate } from '#domain/admin-dashboard.ts';
import { CSI_WINDOW_DAYS, type Csi, type CsiOverview, scoreBand } from '#domain/surveys.ts';
import { useCsi, useCsiOverview, useRecoveryTasks } from './api/satisfaction.ts';
import { CallBacks } from './call-backs.tsx';

/**
 * The dashboard's after-pickup section: the open "Call back" tasks first (a low score is answered
 * before it becomes a bad review), then the Net Promoter Score of the last 90 days, the response rate
 * and the latest comments.
 */
export function SatisfactionSection() {
  const tasks = useRecoveryTasks();
  const csi = useCsi();
  const overview = useCsiOverview();
  return (
    <section aria-labelledby="satisfaction-title" className="space-y-4">
      <CallBacks tasks={tasks.data} failed={tasks.isError} />
      <Card>
        <CardHeader>
          <CardTitle id="satisfaction-title" className="flex items-center gap-2">
            <Smile className="size-5 text-brand-700" aria-hidden="true" />
            Customer satisfaction
          </CardTitle>
          <p className="text-sm text-slate-500">Surveys answered in the last {CSI_WINDOW_DAYS} days</p>
        </CardHeader>
        <CardContent className="space-y-4">
          {csi.isError || overview.isError ? (
            <p className="text-sm text-brand-700">The survey figures could not be loaded.</p>
          ) : (
            <Figures csi={csi.data} overview={overview.data} />
          )}
          {overview.data && overview.data.comments.length > 0 && <Comments overview={overview.data} />}
        </CardContent>
      </Card>
    </section>
  );
}

function Figures({ csi, overview }: { csi: Csi | undefined; overview: CsiOverview | undefined }) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      <Figure term="Net Promoter Score" hint="% promoters − % detractors">
        <span data-testid="nps">{npsText(csi)}</span>
      </Figure>
      <Figure
        term="Response rate"
        hint={overview ? `${overview.answered} of ${overview.sent} surveys sent` : undefined}
      >
        {overview === undefined ? '…' : overview.responseRate === null ? '—' : `${overview.responseRate}%`}
      </Figure>
      <Figure term="Promoters (9–10)" tone="text-green-700">
        {csi?.promoters ?? '…'}
      </Figure>
      <Figure term="Passives · Detractors" hint="7–8 · 0–6">
        {csi ? `${csi.passives} · ${csi.detractors}` : '…'}
      </Figure>
    </dl>
  );
}

/** '+14', '-20', '0'; a dash before any answer (no score is not a score of 0). */
function npsText(csi: Csi | undefined): string {
  if (csi === undefined) return '…';
  if (csi.nps === null) return '—';
  return csi.nps > 0 ? `+${csi.nps}` : String(csi.nps);
}

function Figure({
  term,
  hint,
  tone = 'text-slate-900',
  children,
}: {
  term: string;
  hint?: string;
  tone?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-xs font-semibold text-slate-600">{term}</dt>
      <dd className={cn('text-2xl font-extrabold tabular-nums', tone)}>{children}</dd>
      {hint && <dd className="text-xs text-slate-500">{hint}</dd>}
    </div>
  );
}

const BAND_TONE = {
  promoter: 'bg-green-100 text-green-900',
  passive: 'bg-slate-200 text-slate-800',
  detractor: 'bg-amber-100 text-amber-900',
} as const;

/** Folded by default: the figures stay one row high above the estimates. */
function Comments({ overview }: { overview: CsiOverview }) {
  return (
    <details className="group rounded-lg border border-slate-200">
      <summary className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50">
        <MessageSquareQuote className="size-4 text-brand-700" aria-hidden="true" />
        Latest comments ({overview.comments.length})
      </summary>
      <ul className="space-y-2 px-3 pb-3">
        {overview.comments.map((comment) => (
          <li
            key={`${comment.answeredAt}-${comment.score}`}
            className="rounded-lg border border-slate-200 p-3 text-sm"
          >
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
              <span className={cn('rounded-full px-2 py-0.5 font-bold', BAND_TONE[scoreBand(comment.score)])}>
                {comment.score}/10
              </span>
              {comment.vehicle && <span>{comment.vehicle}</span>}
              <span>{formatShopDate(comment.answeredAt)}</span>
            </p>
            <p className="mt-1 break-words whitespace-pre-line text-slate-800">{comment.comment}</p>
          </li>
        ))}
      </ul>
    </details>
  );
}
