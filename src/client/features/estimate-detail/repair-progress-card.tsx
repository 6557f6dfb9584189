import { History } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { PromisedDate, RepairTimeline } from '#client/features/repair-timeline/shared.ts';
import { useT } from '#client/i18n/use-t.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';

/**
 * How the repair is going: the promised date (with why it moved) above the timeline of statuses and
 * stages with their photos. Shown once there is anything beyond the estimate's own creation.
 */
export function RepairProgressCard({ estimate }: { estimate: EstimateDetail }) {
  const { timeline, promisedDate, promisedDateHistory } = estimate;
  const titleId = useId();
  const t = useT();
  // A lone "Pending" (the request itself) tells the customer nothing the page does not already say.
  if (!promisedDate && timeline.length < 2) return null;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <History className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
          {t('estimate.progress.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <PromisedDate promisedDate={promisedDate} history={promisedDateHistory} />
        <RepairTimeline entries={timeline} />
      </CardContent>
    </Card>
  );
}
