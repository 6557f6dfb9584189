import { useId, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { errorMessage } from '#client/lib/api.ts';
import { formatShopDate } from '#domain/admin-dashboard.ts';
import { estimateReference } from '#domain/estimate.ts';
import { RECOVERY_NOTE_MAX_LENGTH, type RecoveryTask } from '#domain/surveys.ts';
import { useCloseRecoveryTask } from './api/satisfaction.ts';

/** One "Call back": who, how to reach them, what they said; closed with a note of what was done. */
export function RecoveryTaskItem({ task }: { task: RecoveryTask }) {
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState(false);
  const close = useCloseRecoveryTask();
  const noteId = useId();
  const errorId = `${noteId}-error`;
  const error = missing
    ? 'Say what was done for the customer.'
    : close.isError
      ? errorMessage(close.error, 'The task could not be closed.')
      : null;
  return (
    <li className="space-y-2 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-semibold text-slate-900">
          {task.customerName}{' '}
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
            {task.score}/10
          </span>
        </p>
        <p className="text-xs text-slate-500">Answered {formatShopDate(task.openedAt)}</p>
      </div>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
        {task.phone && (
          <a href={`tel:${task.phone}`} className="font-semibold text-brand-700 underline underline-offset-2">
            {task.phone}
          </a>
        )}
        {task.vehicle && <span>{task.vehicle}</span>}
        <Link
          href={`/admin/estimate/${task.estimateId}`}
          className="text-brand-700 underline underline-offset-2"
        >
          Estimate #{estimateReference(task.estimateId)}
        </Link>
      </p>
      {task.comment ? (
        <blockquote className="rounded-lg bg-amber-50 p-3 text-sm break-words whitespace-pre-line text-slate-800">
          {task.comment}
        </blockquote>
      ) : (
        <p className="text-sm text-slate-500 italic">No comment left.</p>
      )}
      <form
        className="space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!note.trim()) {
            setMissing(true);
            return;
          }
          close.mutate(
            { id: task.id, note: note.trim() },
            { onSuccess: () => toast({ title: 'Call-back closed', description: task.customerName }) },
          );
        }}
      >
        <label htmlFor={noteId} className="block text-sm font-semibold text-slate-900">
          What was done? <span className="font-normal text-slate-500">(closes the call-back)</span>
        </label>
        <Textarea
          id={noteId}
          value={note}
          maxLength={RECOVERY_NOTE_MAX_LENGTH}
          onChange={(event) => {
            setNote(event.target.value);
            setMissing(false);
          }}
          className="min-h-16"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-brand-700">
            {error}
          </p>
        )}
        <Button type="submit" size="sm" disabled={close.isPending}>
          {close.isPending ? 'Closing…' : 'Close call-back'}
        </Button>
      </form>
    </li>
  );
}
