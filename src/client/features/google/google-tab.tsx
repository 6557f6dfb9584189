import { HardDrive, Mail } from 'lucide-react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#client/components/ui/tabs.tsx';
import { useGoogleStatus } from './api/get-google-status.ts';
import { DriveEstimates } from './drive-estimates.tsx';
import { GmailInbox } from './gmail-inbox.tsx';
import { GoogleNotConnected } from './google-not-connected.tsx';
import { GoogleProblem } from './google-problem.tsx';

/**
 * The admin dashboard's Google tab (spec: Google integration panel). Only the open sub-tab is mounted,
 * so only it polls: the inbox every 30 s, the Drive list every 60 s.
 */
export function GoogleTab() {
  const status = useGoogleStatus();

  if (status.isPending) return <Spinner className="py-12" label="Loading Google" />;
  if (status.isError) {
    return (
      <GoogleProblem
        title="Unable to reach the server"
        error={status.error}
        onRetry={() => void status.refetch()}
      />
    );
  }
  if (!status.data.connected) return <GoogleNotConnected missing={status.data.missing} />;

  return (
    <Tabs defaultValue="gmail">
      <TabsList aria-label="Google" className="max-w-md">
        <TabsTrigger value="gmail" className="flex items-center justify-center gap-2">
          <Mail className="hidden size-4 sm:block" aria-hidden="true" />
          Gmail Inbox
        </TabsTrigger>
        <TabsTrigger value="drive" className="flex items-center justify-center gap-2">
          <HardDrive className="hidden size-4 sm:block" aria-hidden="true" />
          Drive Estimates
        </TabsTrigger>
      </TabsList>
      <TabsContent value="gmail">
        <GmailInbox />
      </TabsContent>
      <TabsContent value="drive">
        <DriveEstimates />
      </TabsContent>
    </Tabs>
  );
}
