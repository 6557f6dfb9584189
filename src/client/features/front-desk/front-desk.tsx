import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, Flag, Hourglass, MessageSquareWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { reportMutationError } from '#client/components/report-mutation-error.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { calendarQuery } from '#client/features/calendar/shared.ts';
import { useNow } from '#client/lib/clock.ts';
import { adminEstimatePath } from '#domain/admin-dashboard.ts';
import type { AwaitingCustomerItem, InboxItem } from '#domain/front-desk.ts';
import { moreWaiting, sentAgo, waitedFor } from '#domain/front-desk.ts';
import { formatMoney } from '#domain/money.ts';
import { useAwaitingCustomer, useInbox, useMarkHandled } from './api/front-desk-queries.ts';

/**
 * The top of the shop's dashboard: what needs an answer first. Customers waiting for the shop (oldest
 * first, with how long), what waits on the customers, and today's drop-offs and cars due out.
 */
export function FrontDesk() {
  return (
    <section aria-labelledby="front-desk-title" className="space-y-3">
      <h2 id="front-desk-title" className="sr-only">
        Front desk
      </h2>
      <div className="grid gap-4 lg:grid-cols-3">
        <InboxCard />
        <AwaitingCustomerCard />
        <TodayCard />
      </div>
    </section>
  );
}

function DeskCard({
  title,
  icon,
  count,
  children,
}: {
  title: string;
  icon: ReactNode;
  count?: number;
  children: ReactNode;
}) {
  const id = `desk-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card className="flex min-w-0 flex-col">
      <CardHeader className="flex-row items-center gap-2 pb-2">
        <span className="text-brand-700 [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
        <CardTitle id={id} className="text-base">
          {title}
        </CardTitle>
        {count !== undefined && count > 0 && (
          <span className="ml-auto rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
            {count}
          </span>
        )}
      </CardHeader>
      <CardContent className="min-h-0 flex-1">{children}</CardContent>
    </Card>
  );
}

const EMPTY = 'rounded-lg bg-slate-50 p-3 text-sm text-slate-600';

function InboxCard() {
  const { data, isLoading, isError } = useInbox();
  const title = 'Waiting for the shop';
  return (
    <DeskCard title={title} icon={<MessageSquareWarning />} count={data?.length}>
      {isLoading ? (
        <Spinner className="py-6" label="Loading the inbox" />
      ) : isError && !data ? (
        <p role="alert" className={EMPTY}>
          The inbox could not be loaded.
        </p>
      ) : data && data.length > 0 ? (
        <ul
          aria-label="Messages waiting for an answer"
          className="-mx-1 max-h-96 divide-y divide-slate-100 overflow-y-auto px-1"
        >
          {data.map((item) => (
            <InboxRow key={item.estimateId} item={item} />
          ))}
        </ul>
      ) : (
        <p className={EMPTY}>No customer is waiting for an answer.</p>
      )}
    </DeskCard>
  );
}

function InboxRow({ item }: { item: InboxItem }) {
  const wait = waitedFor(item.waitingSince, useNow());
  const more = moreWaiting(item.waitingCount);
  return (
    <li className="py-2.5">
      <Link
        href={adminEstimatePath(item.estimateId)}
        className="-mx-1 block rounded-md px-1 py-0.5 hover:bg-slate-50"
      >
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate font-semibold text-slate-900">{item.customerName}</span>
          <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            <span className="sr-only">Waiting </span>
            {wait}
          </span>
        </span>
        <span className="line-clamp-2 text-sm text-slate-600">{item.preview}</span>
        {more && (
          <span className="text-xs font-semibold text-amber-900">
            {more}
            <span className="sr-only"> waiting</span>
          </span>
        )}
      </Link>
      <div className="mt-1 flex justify-end">
        <MarkHandledButton item={item} variant="ghost" />
      </div>
    </li>
  );
}

/**
 * Clears the estimate's waiting messages without a reply (a call or a word at the counter answered
 * them): those the desk shows, up to the newest; one that came in since stays.
 */
export function MarkHandledButton({
  item: { estimateId, customerName, newestWaitingId },
  variant = 'secondary',
}: {
  item: InboxItem;
  variant?: 'secondary' | 'ghost';
}) {
  const markHandled = useMarkHandled();
  return (
    <Button
      variant={variant}
      size="sm"
      disabled={markHandled.isPending}
      aria-label={`Mark handled: ${customerName}`}
      onClick={() =>
        markHandled.mutate(
          { estimateId, upToMessageId: newestWaitingId },
          {
            onSuccess: () =>
              toast({ title: 'Marked handled', description: `${customerName} is off the inbox.` }),
            onError: (failure) =>
              reportMutationError(failure, { fallback: 'Failed to mark handled', withServerMessage: true }),
          },
        )
      }
    >
      {markHandled.isPending ? 'Saving...' : 'Mark handled'}
    </Button>
  );
}

function AwaitingCustomerCard() {
  const { data, isLoading, isError } = useAwaitingCustomer();
  return (
    <DeskCard title="Waiting on the customer" icon={<Hourglass />} count={data?.length}>
      {isLoading ? (
        <Spinner className="py-6" label="Loading" />
      ) : isError && !data ? (
        <p role="alert" className={EMPTY}>
          The list could not be loaded.
        </p>
      ) : data && data.length > 0 ? (
        <ul
          aria-label="Quotes and supplements waiting on the customer"
          className="-mx-1 max-h-96 divide-y divide-slate-100 overflow-y-auto px-1"
        >
          {data.map((item) => (
            <AwaitingRow key={`${item.estimateId}-${item.kind}-${item.supplementNumber ?? 0}`} item={item} />
          ))}
        </ul>
      ) : (
        <p className={EMPTY}>No quote or supplement is waiting on a customer.</p>
      )}
    </DeskCard>
  );
}

function AwaitingRow({ item }: { item: AwaitingCustomerItem }) {
  const now = useNow();
  const what = item.kind === 'quote' ? 'Quote' : `Supplement #${item.supplementNumber ?? ''}`;
  const amount = item.amount
    ? item.kind === 'supplement' && !item.amount.startsWith('-')
      ? `+${formatMoney(item.amount)}`
      : formatMoney(item.amount)
    : null;
  return (
    <li>
      <Link
        href={adminEstimatePath(item.estimateId)}
        className="-mx-1 flex items-baseline justify-between gap-2 rounded-md px-1 py-2.5 hover:bg-slate-50"
      >
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900">{item.customerName}</span>
          <span className="block text-sm text-slate-600">
            <span
              className={
                item.kind === 'quote'
                  ? 'font-medium text-purple-800'
                  : 'rounded bg-amber-100 px-1 font-medium text-amber-900'
              }
            >
              {what}
            </span>
            {amount && ` · ${amount}`} · #{item.reference}
          </span>
        </span>
        <span className="shrink-0 text-xs text-slate-500">{sentAgo(item.since, now)}</span>
      </Link>
    </li>
  );
}

function TodayCard() {
  // The calendar's current month (shared with the Calendar tab's cache): today is always in it.
  const { data, isLoading, isError } = useQuery(calendarQuery(null));
  const dropOffs = data?.dropOffs.filter((dropOff) => dropOff.date === data.today) ?? [];
  const dueOuts = data?.dueOuts.filter((dueOut) => dueOut.date === data.today) ?? [];
  return (
    <DeskCard title="Today" icon={<CalendarCheck />}>
      {isLoading ? (
        <Spinner className="py-6" label="Loading today" />
      ) : isError && !data ? (
        <p role="alert" className={EMPTY}>
          Today's drop-offs could not be loaded.
        </p>
      ) : (
        <div className="space-y-3">
          <div>
            <h3 className="text-sm font-semibold text-slate-700">Drop-offs</h3>
            {data && data.counters.noShowsThisMonth > 0 && (
              <p className="text-xs text-amber-800">{data.counters.noShowsThisMonth} missed this month</p>
            )}
            {dropOffs.length > 0 ? (
              <ul aria-label="Drop-offs today" className="divide-y divide-slate-100">
                {dropOffs.map((dropOff) => (
                  <li key={dropOff.appointmentId}>
                    <Link
                      href={adminEstimatePath(dropOff.estimateId)}
                      className="-mx-1 flex justify-between gap-2 rounded-md px-1 py-2 text-sm hover:bg-slate-50"
                    >
                      <span className="min-w-0 truncate">
                        <span className="font-semibold text-slate-900">{dropOff.customerName}</span>
                        {dropOff.vehicle?.title && (
                          <span className="text-slate-600"> · {dropOff.vehicle.title}</span>
                        )}
                      </span>
                      <span className="flex shrink-0 flex-col items-end text-slate-600">
                        {dropOff.slotLabel}
                        <span className="text-xs">
                          {[
                            dropOff.bookedByCustomer && 'booked online',
                            dropOff.confirmedAt ? 'confirmed' : 'not confirmed',
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">No drop-off today.</p>
            )}
          </div>
          <div>
            <h3 className="flex items-center gap-1 text-sm font-semibold text-slate-700">
              <Flag className="size-3.5 text-violet-700" aria-hidden="true" />
              Due out
            </h3>
            {dueOuts.length > 0 ? (
              <ul aria-label="Cars due out today" className="divide-y divide-slate-100">
                {dueOuts.map((dueOut) => (
                  <li key={dueOut.estimateId}>
                    <Link
                      href={adminEstimatePath(dueOut.estimateId)}
                      className="-mx-1 flex justify-between gap-2 rounded-md px-1 py-2 text-sm hover:bg-slate-50"
                    >
                      <span className="min-w-0 truncate">
                        <span className="font-semibold text-slate-900">{dueOut.customerName}</span>
                        {dueOut.vehicle?.title && (
                          <span className="text-slate-600"> · {dueOut.vehicle.title}</span>
                        )}
                      </span>
                      <span className="shrink-0 text-slate-600">#{dueOut.reference}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">No car is due out today.</p>
            )}
          </div>
        </div>
      )}
    </DeskCard>
  );
}

/** On the estimate's page: the customer waits for an answer; a reply below or "Mark handled" clears it. */
export function WaitingForReplyNotice({ estimateId }: { estimateId: string }) {
  const { data } = useInbox();
  const now = useNow();
  const item = data?.find((row) => row.estimateId === estimateId);
  if (!item) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
      <p>
        <span className="font-semibold">{item.customerName}</span> is waiting for an answer (
        {waitedFor(item.waitingSince, now)}
        {item.waitingCount > 1 && `, ${item.waitingCount} messages`}). Reply in the messages, or mark it
        handled if you answered another way.
      </p>
      <MarkHandledButton item={item} />
    </div>
  );
}
