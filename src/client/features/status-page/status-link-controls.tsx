import { Link2, Link2Off } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiRequest, errorMessage, sendJson } from '#client/lib/api.ts';
import { createdStatusLinkSchema, STATUS_LINK_TTL_DAYS } from '#domain/status-links.ts';

/**
 * "Copy status link" / "Turn off status links" for one estimate, on the customer's and the shop's
 * estimate pages: a link to share (read-only, no sign-in, 30 days), and a way to end every link of the
 * estimate at once. The new link is shown as well, for a browser that refuses the clipboard.
 */
export function StatusLinkControls({ estimateId }: { estimateId: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  async function copyLink() {
    setBusy(true);
    try {
      const created = await sendJson(
        'POST',
        `/api/estimates/${encodeURIComponent(estimateId)}/status-link`,
        undefined,
        createdStatusLinkSchema,
      );
      setUrl(created.url);
      const copied = await navigator.clipboard?.writeText(created.url).then(
        () => true,
        () => false,
      );
      toast({
        title: copied ? 'Status link copied' : 'Status link ready',
        description: `Anyone with it can follow the repair, read-only, for ${STATUS_LINK_TTL_DAYS} days.`,
      });
    } catch (error) {
      toast({ title: errorMessage(error, 'Could not make a status link.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      await apiRequest('DELETE', `/api/estimates/${encodeURIComponent(estimateId)}/status-link`);
      setUrl(null);
      toast({ title: 'Status links turned off', description: 'Links already sent no longer open the page.' });
    } catch (error) {
      toast({ title: errorMessage(error, 'Could not turn the links off.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copyLink()} disabled={busy}>
          <Link2 aria-hidden="true" />
          Copy status link
        </Button>
        <Button variant="ghost" size="sm" onClick={() => void turnOff()} disabled={busy}>
          <Link2Off aria-hidden="true" />
          Turn off status links
        </Button>
      </div>
      {url && (
        <div>
          <label htmlFor={fieldId} className="text-xs font-medium text-slate-600">
            Status link
          </label>
          <input
            id={fieldId}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 w-full rounded-md border border-slate-300 bg-slate-50 px-2 py-1.5 text-xs text-slate-800"
          />
        </div>
      )}
    </div>
  );
}
