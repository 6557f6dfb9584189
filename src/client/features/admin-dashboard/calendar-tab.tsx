import { CalendarDays } from 'lucide-react';
import { Link } from 'wouter';
import { buttonVariants } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';

export function CalendarTab() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
        <CalendarDays className="size-10 text-slate-400" aria-hidden="true" />
        <p className="text-lg font-semibold text-slate-900">Calendar view coming soon!</p>
        <p className="max-w-md text-sm text-slate-600">
          Meanwhile, the drop-off calendar has its own page with every scheduled car by day.
        </p>
        <Link href="/admin/calendar" className={buttonVariants({ variant: 'secondary' })}>
          Open the drop-off calendar
        </Link>
      </CardContent>
    </Card>
  );
}
