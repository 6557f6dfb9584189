import { FileJson, FolderOpen, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { cn } from '#client/lib/cn.ts';
import { useDriveEstimates } from './api/get-drive-estimates.ts';
import { DriveEstimateDetail } from './drive-estimate-detail.tsx';
import { formatGoogleDate } from './format-google-date.ts';
import { GoogleProblem } from './google-problem.tsx';

/** The estimates saved to the shop's Drive folder; picking one shows what it holds. */
export function DriveEstimates() {
  const files = useDriveEstimates();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = files.data?.find((file) => file.id === selectedId) ?? null;
  const detailRef = useRef<HTMLDivElement>(null);

  // On a phone the details sit below the list: bring them into view when a file is picked.
  useEffect(() => {
    if (selectedId && window.matchMedia('(max-width: 1023px)').matches) {
      detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [selectedId]);

  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
      <Card>
        <CardHeader className="flex-row items-center justify-between gap-3">
          <div>
            <CardTitle>Drive Estimates</CardTitle>
            <p className="text-sm text-slate-600">
              Saved when an estimate is quoted · refreshed every minute
            </p>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label="Refresh Drive estimates"
            onClick={() => void files.refetch()}
            disabled={files.isFetching}
          >
            <RefreshCw className={files.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          </Button>
        </CardHeader>
        <CardContent>
          {files.isPending ? (
            <Spinner className="py-10" label="Loading Drive estimates" />
          ) : files.isError && !files.data ? (
            <GoogleProblem
              title="Unable to load the Drive estimates"
              error={files.error}
              onRetry={() => void files.refetch()}
            />
          ) : files.data.length === 0 ? (
            <p className="flex flex-col items-center gap-2 rounded-lg bg-slate-50 p-8 text-center text-slate-600">
              <FolderOpen className="size-8 text-slate-400" aria-hidden="true" />
              No estimates found in Drive
            </p>
          ) : (
            <ul className="space-y-2" aria-label="Saved estimates">
              {files.data.map((file) => {
                const active = file.id === selectedId;
                return (
                  <li key={file.id}>
                    <button
                      type="button"
                      aria-pressed={active}
                      onClick={() => setSelectedId(file.id)}
                      className={cn(
                        'flex w-full items-start gap-3 rounded-lg border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2',
                        active
                          ? 'border-brand-700 bg-brand-50 ring-1 ring-brand-700'
                          : 'border-slate-200 hover:bg-slate-50',
                      )}
                    >
                      <FileJson className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
                      <span className="min-w-0">
                        <span className="block font-medium break-words text-slate-900">{file.name}</span>
                        <span className="block text-xs text-slate-500">
                          {formatGoogleDate(file.createdTime)}
                        </span>
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
      <div ref={detailRef} className="scroll-mt-20">
        {selected ? (
          <DriveEstimateDetail key={selected.id} fileId={selected.id} name={selected.name} />
        ) : (
          <p className="hidden rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 lg:block">
            Select an estimate to see its details.
          </p>
        )}
      </div>
    </div>
  );
}
