import { SearchX } from 'lucide-react';
import { Card } from '#client/components/ui/card.tsx';
import { BackToAdmin } from './back-to-admin.tsx';

/** No such estimate (or no estimate for that plate). */
export function AdminEstimateNotFound({ detail }: { detail?: string }) {
  return (
    <main id="main" className="mx-auto max-w-xl space-y-4 px-4 py-6 sm:py-10">
      <BackToAdmin />
      <Card className="flex flex-col items-center gap-3 p-8 text-center">
        <SearchX className="size-10 text-slate-400" aria-hidden="true" />
        <h1 className="text-xl font-bold text-slate-900">Estimate not found</h1>
        <p className="text-sm text-slate-600">
          {detail ?? 'There is no estimate at this address. Find it in the list on the dashboard.'}
        </p>
      </Card>
    </main>
  );
}
