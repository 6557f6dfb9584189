import { MessageSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { reportIfSignedOut } from '#client/features/estimates/report-mutation-error.ts';
import { errorMessage } from '#client/lib/api.ts';
import type { Message } from '#domain/messages.ts';
import { useMessages } from './api/get-messages.ts';
import { useSendMessage } from './api/send-message.ts';
import { MessageBubble } from './message-bubble.tsx';
import { MessageComposer } from './message-composer.tsx';

/** Whose screen this is: the customer's messages or the shop's are "mine" (shown on the right, as 'You'). */
export type MessageViewer = 'customer' | 'shop';

function authorOf(message: Message, mine: boolean): string {
  if (mine) return 'You';
  return message.isFromAdmin ? 'Shop' : 'Customer';
}

/** The conversation about one estimate between the customer and the shop. */
export function MessageBox({
  estimateId,
  viewer = 'customer',
  title = viewer === 'customer' ? 'Message the Shop' : 'Messages with the Customer',
}: {
  estimateId: string;
  viewer?: MessageViewer;
  title?: string;
}) {
  const { data: messages = [], isLoading, isError } = useMessages(estimateId);
  const sendMessage = useSendMessage(estimateId);
  const listRef = useRef<HTMLOListElement>(null);
  const newestId = messages.at(-1)?.id;

  // Keep the newest message in view; scroll the list itself, not the page.
  useEffect(() => {
    const list = listRef.current;
    if (list && newestId) list.scrollTop = list.scrollHeight;
  }, [newestId]);

  async function send(content: string) {
    try {
      await sendMessage.mutateAsync(content);
      toast({ title: 'Message sent' });
    } catch (error) {
      if (!reportIfSignedOut(error))
        toast({
          title: 'Failed to send message',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
      throw error;
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare className="size-5 text-brand-700" aria-hidden="true" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {isLoading ? (
          <Spinner className="py-6" label="Loading messages" />
        ) : isError && messages.length === 0 ? (
          <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
            We couldn't load the messages just now. We'll keep trying.
          </p>
        ) : messages.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">
            {viewer === 'customer'
              ? 'No messages yet. Ask us anything about your repair.'
              : 'No messages yet.'}
          </p>
        ) : (
          <ol
            ref={listRef}
            aria-label="Messages"
            className="max-h-96 space-y-3 overflow-y-auto overscroll-contain rounded-lg bg-slate-50/60 p-2"
          >
            {messages.map((message) => {
              const mine = viewer === 'shop' ? message.isFromAdmin : !message.isFromAdmin;
              return (
                <MessageBubble
                  key={message.id}
                  message={message}
                  mine={mine}
                  author={authorOf(message, mine)}
                />
              );
            })}
          </ol>
        )}
        <MessageComposer
          onSend={send}
          isSending={sendMessage.isPending}
          placeholder={viewer === 'customer' ? 'Type your message to the shop…' : 'Type your reply…'}
        />
      </CardContent>
    </Card>
  );
}
