import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { errorMessage } from '#client/lib/api.ts';

/** A failed Google call, said in the panel itself (never an error page), with a way to try again. */
export function GoogleProblem({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 p-4 sm:flex-row sm:items-start"
    >
      <AlertTriangle className="size-5 shrink-0 text-red-700" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold text-red-900">{title}</p>
        <p className="text-sm break-words text-red-800">
          {errorMessage(error, 'Please try again in a minute.')}
        </p>
      </div>
      {onRetry ? (
        <Button variant="secondary" size="sm" onClick={onRetry} className="self-start">
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      ) : null}
    </div>
  );
}
