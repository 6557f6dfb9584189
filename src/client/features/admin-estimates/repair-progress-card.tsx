import { Check, Wrench } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { ApiError } from '#client/lib/api.ts';
import { cn } from '#client/lib/cn.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import { STAGE_NOTE_MAX_LENGTH, type TimelineEntry } from '#domain/repair-progress.ts';
import { useRecordStage, useRepairStages } from './api/repair-progress.ts';
import { ProgressPhotosField } from './progress-photos-field.tsx';

/** The stages reached since the car last went in progress (an earlier visit's stages do not count). */
function stagesThisVisit(timeline: TimelineEntry[]): TimelineEntry[] {
  const wentIn = timeline.findLastIndex((entry) => entry.kind === 'status' && entry.name === 'in_progress');
  return timeline.slice(wentIn + 1).filter((entry) => entry.kind === 'stage');
}

const sameStage = (a: string | undefined, b: string) => a?.toLowerCase() === b.toLowerCase();

/**
 * While the car is in the shop: a button per configured stage (the current one marked), a note, an
 * "internal" box and photos from the phone; saving records the chosen stage on the timeline.
 */
export function RepairProgressCard({ estimate }: { estimate: EstimateDetail }) {
  const { stages, isLoading, isError } = useRepairStages();
  const recordStage = useRecordStage(estimate.id);
  const reached = stagesThisVisit(estimate.timeline);
  const current = reached.at(-1)?.name;
  const currentIndex = stages.findIndex((stage) => sameStage(current, stage));
  const [chosen, setChosen] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [internal, setInternal] = useState(false);
  const [photos, setPhotos] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Until staff pick one, the next stage after the current one is proposed.
  const selected = chosen ?? stages[currentIndex + 1] ?? null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!selected) return;
    setRefusal(null);
    recordStage.mutate(
      { stage: selected, note: note.trim() || undefined, photos, internal },
      {
        onSuccess: () => {
          setChosen(null);
          setNote('');
          setInternal(false);
          setPhotos([]);
          toast({
            title: 'Stage Recorded',
            description: internal ? `${selected} (shop only).` : `${selected}: the customer is told.`,
          });
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.status < 500) setRefusal(failure.serverMessage);
          else
            reportMutationError(failure, { fallback: 'Failed to record the stage', withServerMessage: true });
        },
      },
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Wrench className="size-5 text-brand-700" aria-hidden="true" />
          Repair Progress
        </CardTitle>
        <p className="text-sm text-slate-600">
          Current stage:{' '}
          <strong className="font-semibold text-slate-900">{current ?? 'none recorded yet'}</strong>
        </p>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Spinner className="py-6" label="Loading the stages" />
        ) : isError ? (
          <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
            We couldn't load the repair stages just now.
          </p>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Record a repair stage">
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-slate-900">Stage</legend>
              <ol className="grid grid-cols-2 gap-2">
                {stages.map((stage, index) => {
                  const isCurrent = index === currentIndex;
                  const isDone = reached.some((entry) => sameStage(entry.name, stage));
                  const isSelected = selected === stage;
                  return (
                    <li
                      key={stage}
                      className={cn(stages.length % 2 === 1 && index === stages.length - 1 && 'col-span-2')}
                    >
                      <button
                        type="button"
                        aria-pressed={isSelected}
                        aria-current={isCurrent ? 'step' : undefined}
                        onClick={() => setChosen(stage)}
                        className={cn(
                          'flex min-h-11 w-full items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-semibold ring-1 transition-colors',
                          isSelected
                            ? 'bg-brand-700 text-white ring-brand-700'
                            : isCurrent
                              ? 'bg-orange-50 text-slate-900 ring-orange-400'
                              : 'bg-white text-slate-800 ring-slate-300 hover:bg-slate-50',
                        )}
                      >
                        <span
                          aria-hidden="true"
                          className={cn(
                            'flex size-5 shrink-0 items-center justify-center rounded-full text-[0.7rem]',
                            isSelected
                              ? 'bg-white/20'
                              : isDone
                                ? 'bg-green-700 text-white'
                                : 'bg-slate-100 text-slate-600',
                          )}
                        >
                          {isDone ? <Check className="size-3" /> : index + 1}
                        </span>
                        <span className="min-w-0 flex-1">{stage}</span>
                        {isCurrent && (
                          <span
                            className={cn(
                              'shrink-0 text-xs font-semibold',
                              isSelected ? 'text-white' : 'text-orange-800',
                            )}
                          >
                            Current
                          </span>
                        )}
                      </button>
                    </li>
                  );
                })}
              </ol>
            </fieldset>
            <div className="space-y-1.5">
              <Label htmlFor="stage-note">Note (optional)</Label>
              <Textarea
                id="stage-note"
                rows={2}
                maxLength={STAGE_NOTE_MAX_LENGTH}
                value={note}
                onChange={(event) => setNote(event.target.value)}
                placeholder="e.g. Primer is on, paint tomorrow morning"
              />
            </div>
            <ProgressPhotosField photos={photos} onChange={setPhotos} />
            <div className="flex items-start gap-2">
              <input
                id="stage-internal"
                type="checkbox"
                checked={internal}
                onChange={(event) => setInternal(event.target.checked)}
                aria-describedby="stage-internal-hint"
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <div>
                <Label htmlFor="stage-internal">Internal (shop only)</Label>
                <p id="stage-internal-hint" className="text-xs text-slate-500">
                  The customer never sees it and gets no text about it.
                </p>
              </div>
            </div>
            {refusal && (
              <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
                {refusal}
              </p>
            )}
            <Button type="submit" className="w-full" disabled={!selected || recordStage.isPending}>
              {recordStage.isPending
                ? 'Saving...'
                : selected
                  ? `Record stage: ${selected}`
                  : 'Choose a stage'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
