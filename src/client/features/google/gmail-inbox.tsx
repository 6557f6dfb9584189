import { Inbox, RefreshCw } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useGmailInbox } from './api/get-gmail-inbox.ts';
import { formatGoogleDate } from './format-google-date.ts';
import { GoogleProblem } from './google-problem.tsx';

/** The shop's newest e-mails: subject, date, sender and Gmail's snippet. */
export function GmailInbox() {
  const inbox = useGmailInbox();

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-3">
        <div>
          <CardTitle>Gmail Inbox</CardTitle>
          <p className="text-sm text-slate-600">Newest messages first · refreshed every 30 seconds</p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Refresh inbox"
          onClick={() => void inbox.refetch()}
          disabled={inbox.isFetching}
        >
          <RefreshCw className={inbox.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent>
        {inbox.isPending ? (
          <Spinner className="py-10" label="Loading inbox" />
        ) : inbox.isError && !inbox.data ? (
          <GoogleProblem
            title="Unable to load the inbox"
            error={inbox.error}
            onRetry={() => void inbox.refetch()}
          />
        ) : inbox.data.length === 0 ? (
          <p className="flex flex-col items-center gap-2 rounded-lg bg-slate-50 p-8 text-center text-slate-600">
            <Inbox className="size-8 text-slate-400" aria-hidden="true" />
            No messages found
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Inbox messages">
            {inbox.data.map((message) => (
              <li key={message.id} className="space-y-1 py-3">
                <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                  <p className="min-w-0 font-semibold break-words text-slate-900">{message.subject}</p>
                  <p className="shrink-0 text-xs text-slate-500">{formatGoogleDate(message.date)}</p>
                </div>
                <p className="text-sm break-all text-slate-700">{message.from}</p>
                <p className="line-clamp-2 text-sm break-words text-slate-500">{message.snippet}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
