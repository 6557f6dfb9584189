import { PhoneCall } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import type { RecoveryTask } from '#domain/surveys.ts';
import { RecoveryTaskItem } from './recovery-task.tsx';

/**
 * The open "Call back" tasks, oldest first; nothing when there are none. A failed load says so:
 * shown as nothing, it would read as "nobody to call back" while a customer waits.
 */
export function CallBacks({ tasks, failed }: { tasks: RecoveryTask[] | undefined; failed: boolean }) {
  const open = tasks ?? [];
  if (open.length === 0 && !failed) return null;
  return (
    <Card role="region" aria-labelledby="call-back-title" className="border-amber-300 ring-1 ring-amber-200">
      <CardHeader>
        <CardTitle id="call-back-title" className="flex items-center gap-2 text-amber-900">
          <PhoneCall className="size-5" aria-hidden="true" />
          {open.length > 0 ? `Call back (${open.length})` : 'Call back'}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {failed && (
          <p role="alert" className="text-sm text-brand-700">
            Call-backs could not be loaded. Trying again shortly.
          </p>
        )}
        {open.length > 0 && (
          <ul aria-label="Customers to call back, oldest first" className="divide-y divide-slate-100">
            {open.map((task) => (
              <RecoveryTaskItem key={task.id} task={task} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
