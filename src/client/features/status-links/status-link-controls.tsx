import { Link2, Link2Off } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import type { MessageId } from '#client/i18n/catalogs.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { errorMessage } from '#client/lib/api.ts';
import { STATUS_LINK_TTL_DAYS } from '#domain/status-links.ts';
import { createStatusLink } from './api/create-status-link.ts';
import { turnOffStatusLinks } from './api/turn-off-status-links.ts';

type Words = Record<
  | 'copy'
  | 'turnOff'
  | 'field'
  | 'copied'
  | 'ready'
  | 'readyBody'
  | 'createFailed'
  | 'offTitle'
  | 'offBody'
  | 'offFailed',
  string
>;

/** The shop's page stays English; the customer's reads `estimate.statusLink.*` in the page's language. */
const SHOP_WORDS: Words = {
  copy: 'Copy status link',
  turnOff: 'Turn off status links',
  field: 'Status link',
  copied: 'Status link copied',
  ready: 'Status link ready',
  readyBody: `Anyone with it can follow the repair, read-only, for ${STATUS_LINK_TTL_DAYS} days.`,
  createFailed: 'Could not make a status link.',
  offTitle: 'Status links turned off',
  offBody: 'Links already sent no longer open the page.',
  offFailed: 'Could not turn the links off.',
};

function customerWords(t: (id: MessageId, values?: Record<string, unknown>) => string): Words {
  const words = Object.fromEntries(
    Object.keys(SHOP_WORDS).map((key) => [key, t(`estimate.statusLink.${key as keyof Words}`)]),
  ) as Words;
  return { ...words, readyBody: t('estimate.statusLink.readyBody', { days: STATUS_LINK_TTL_DAYS }) };
}

/**
 * "Copy status link" / "Turn off status links" for one estimate, on the customer's and the shop's
 * estimate pages: a link to share (read-only, no sign-in, 30 days), and a way to end every link of the
 * estimate at once. The new link is shown as well, for a browser that refuses the clipboard.
 */
export function StatusLinkControls({
  estimateId,
  viewer = 'shop',
}: {
  estimateId: string;
  viewer?: 'customer' | 'shop';
}) {
  const t = useT();
  const words = viewer === 'customer' ? customerWords(t) : SHOP_WORDS;
  // The server states its refusals in English: the customer reads them in the page's language.
  const problem = viewer === 'customer' ? problemText : (message: string) => message;
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = useId();

  async function copyLink() {
    setBusy(true);
    try {
      const created = await createStatusLink(estimateId);
      setUrl(created.url);
      const copied = await navigator.clipboard?.writeText(created.url).then(
        () => true,
        () => false,
      );
      toast({
        title: copied ? words.copied : words.ready,
        description: words.readyBody,
      });
    } catch (error) {
      toast({ title: problem(errorMessage(error, words.createFailed)), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function turnOff() {
    setBusy(true);
    try {
      await turnOffStatusLinks(estimateId);
      setUrl(null);
      toast({ title: words.offTitle, description: words.offBody });
    } catch (error) {
      toast({ title: problem(errorMessage(error, words.offFailed)), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => void copyLink()} disabled={busy}>
          <Link2 aria-hidden="true" />
          {words.copy}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => void turnOff()} disabled={busy}>
          <Link2Off aria-hidden="true" />
          {words.turnOff}
        </Button>
      </div>
      {url && (
        <div>
          <label htmlFor={fieldId} className="text-xs font-medium text-slate-600">
            {words.field}
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
