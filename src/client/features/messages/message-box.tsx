import { MessageSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { reportIfSignedOut, reportMutationError } from '#client/components/report-mutation-error.ts';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { currentLanguage } from '#client/i18n/i18n.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import { useT } from '#client/i18n/use-t.ts';
import { errorMessage } from '#client/lib/api.ts';
import { useNow } from '#client/lib/clock.ts';
import type { Message } from '#domain/messages.ts';
import { answeredUpTo } from './answered-up-to.ts';
import { useMessages } from './api/get-messages.ts';
import { useSendMessage } from './api/send-message.ts';
import { messageAuthor } from './message-author.ts';
import { MessageBubble } from './message-bubble.tsx';
import { type ComposerWording, ENGLISH_COMPOSER_HINT, MessageComposer } from './message-composer.tsx';
import { messageTime } from './message-time.ts';

/**
 * Whose screen this is: the customer's estimate page, or the shop's page of the estimate (where the
 * conversation is the estimate's communication history and the shop adds notes to it).
 */
export type MessageViewer = 'customer' | 'shop';

interface Wording {
  title: string;
  listLabel: string;
  empty: string;
  loading: string;
  loadFailed: string;
  /** How a message's time reads: the customer's in the page's language, the shop's in English. */
  time: (createdAt: string, now: Date) => string;
  /** Says whose clock the times are on: the shop's, as everywhere in the app. */
  clockNote: string;
  /** Who wrote the message, as this viewer reads it; "mine" are shown on the right. */
  author: (message: Message, mine: boolean) => string;
  composer: ComposerWording;
  reportSent: () => void;
  reportFailed: (error: unknown) => void;
}

/** The customer's words, in the page's language. */
function customerWording(t: ReturnType<typeof useT>): Wording {
  return {
    title: t('estimate.messages.title'),
    listLabel: t('estimate.messages.listLabel'),
    empty: t('estimate.messages.empty'),
    loading: t('estimate.messages.loading'),
    loadFailed: t('estimate.messages.loadFailed'),
    time: (createdAt, now) => messageTime(createdAt, now, currentLanguage()),
    clockNote: t('estimate.messages.clockNote'),
    author: (message, mine) =>
      messageAuthor(message, mine, {
        you: t('estimate.messages.you'),
        customer: t('estimate.messages.customer'),
      }),
    composer: {
      label: t('estimate.messages.label'),
      placeholder: t('estimate.messages.placeholder'),
      hint: t('estimate.messages.hint'),
      send: t('estimate.messages.send'),
      sending: t('estimate.messages.sending'),
    },
    reportSent: () => toast({ title: t('estimate.messages.sent') }),
    reportFailed: (error) => {
      if (reportIfSignedOut(error)) return;
      const reason = errorMessage(error, '');
      toast({
        title: t('estimate.messages.sendFailed'),
        description: reason ? problemText(reason) : t('estimate.messages.tryAgain'),
        variant: 'destructive',
      });
    },
  };
}

/** The shop's screens stay English. */
const SHOP_WORDING: Wording = {
  title: 'Communication History',
  listLabel: 'Communication history',
  empty: 'No messages yet',
  loading: 'Loading messages',
  loadFailed: "We couldn't load the messages just now. We'll keep trying.",
  time: (createdAt, now) => messageTime(createdAt, now),
  clockNote: 'Times in shop time (Eastern).',
  // The shop's screen has no "mine": every note of the shop is signed with its name.
  author: (message) => messageAuthor(message, false, { you: 'You', customer: 'Customer' }),
  composer: {
    label: 'Add Note (visible to customer)',
    placeholder: 'e.g. Parts are ordered; we expect them on Thursday.',
    hint: ENGLISH_COMPOSER_HINT,
    send: 'Send message',
    sending: 'Sending...',
    note: { send: 'Add Note', sending: 'Adding...', required: 'Please write the note first.' },
  },
  reportSent: () =>
    toast({ title: 'Note Added', description: 'The customer can read it on their estimate.' }),
  reportFailed: (error) =>
    reportMutationError(error, { fallback: 'Failed to add note', withServerMessage: true }),
};

/** The conversation about one estimate between the customer and the shop (the shop's notes included). */
export function MessageBox({ estimateId, viewer }: { estimateId: string; viewer: MessageViewer }) {
  const t = useT();
  const wording = viewer === 'shop' ? SHOP_WORDING : customerWording(t);
  const { data: messages = [], isLoading, isError } = useMessages(estimateId);
  const sendMessage = useSendMessage(estimateId);
  const now = useNow();
  const listRef = useRef<HTMLOListElement>(null);
  const newestId = messages.at(-1)?.id;

  // Keep the newest message in view; scroll the list itself, not the page.
  useEffect(() => {
    const list = listRef.current;
    if (list && newestId) list.scrollTop = list.scrollHeight;
  }, [newestId]);

  async function send(content: string) {
    try {
      // The shop's reply answers what the staff member can see, not what came in since.
      const upToMessageId = viewer === 'shop' ? answeredUpTo(messages) : undefined;
      await sendMessage.mutateAsync({ content, upToMessageId });
      wording.reportSent();
    } catch (error) {
      wording.reportFailed(error);
      throw error;
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare className="size-5 text-brand-700" aria-hidden="true" />
          {wording.title}
        </CardTitle>
        <p className="text-xs text-slate-500">{wording.clockNote}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        {isLoading ? (
          <Spinner className="py-6" label={wording.loading} />
        ) : isError && messages.length === 0 ? (
          <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
            {wording.loadFailed}
          </p>
        ) : messages.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">{wording.empty}</p>
        ) : (
          <ol
            ref={listRef}
            aria-label={wording.listLabel}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls on its own; in the Tab order, keyboard users can scroll it too (WCAG 2.1.1)
            tabIndex={0}
            className="max-h-96 space-y-3 overflow-y-auto overscroll-contain rounded-lg bg-slate-50/60 p-2 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {messages.map((message) => {
              const mine = viewer === 'shop' ? message.isFromAdmin : !message.isFromAdmin;
              return (
                <MessageBubble
                  key={message.id}
                  message={message}
                  mine={mine}
                  author={wording.author(message, mine)}
                  time={wording.time(message.createdAt, now)}
                />
              );
            })}
          </ol>
        )}
        <MessageComposer onSend={send} isSending={sendMessage.isPending} wording={wording.composer} />
      </CardContent>
    </Card>
  );
}
