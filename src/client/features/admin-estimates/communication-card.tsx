import { zodResolver } from '@hookform/resolvers/zod';
import { MessageSquare } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { reportMutationError } from '#client/features/estimates/report-mutation-error.ts';
import { useMessages } from '#client/features/messages/api/get-messages.ts';
import { useSendMessage } from '#client/features/messages/api/send-message.ts';
import { MessageBubble } from '#client/features/messages/message-bubble.tsx';
import { MESSAGE_MAX_LENGTH } from '#domain/messages.ts';

const NOTE_REQUIRED = 'Please write the note first.';
const noteSchema = z.object({
  content: z
    .string()
    .trim()
    .min(1, NOTE_REQUIRED)
    .max(MESSAGE_MAX_LENGTH, `Notes must be at most ${MESSAGE_MAX_LENGTH} characters`),
});
type NoteForm = z.infer<typeof noteSchema>;

/** Everything said about the estimate (the shop's notes included), and a box to add a note for the customer. */
export function CommunicationCard({ estimateId }: { estimateId: string }) {
  const { data: messages = [], isLoading, isError } = useMessages(estimateId);
  const sendMessage = useSendMessage(estimateId);
  const listRef = useRef<HTMLOListElement>(null);
  const newestId = messages.at(-1)?.id;
  const form = useForm<NoteForm>({ resolver: zodResolver(noteSchema), defaultValues: { content: '' } });
  const error = form.formState.errors.content;

  // Keep the newest message in view; scroll the list itself, not the page.
  useEffect(() => {
    const list = listRef.current;
    if (list && newestId) list.scrollTop = list.scrollHeight;
  }, [newestId]);

  const onSubmit = form.handleSubmit(({ content }) =>
    sendMessage.mutate(content, {
      onSuccess: () => {
        toast({ title: 'Note Added', description: 'The customer can read it on their estimate.' });
        form.reset({ content: '' });
      },
      onError: (failure) =>
        reportMutationError(failure, { fallback: 'Failed to add note', withServerMessage: true }),
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquare className="size-5 text-brand-700" aria-hidden="true" />
          Communication History
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
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">No messages yet</p>
        ) : (
          <ol
            ref={listRef}
            aria-label="Communication history"
            className="max-h-[28rem] space-y-3 overflow-y-auto overscroll-contain rounded-lg bg-slate-50/60 p-2"
          >
            {messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                mine={message.isFromAdmin}
                author={message.isFromAdmin ? 'Admin' : 'Customer'}
              />
            ))}
          </ol>
        )}
        <form onSubmit={onSubmit} noValidate className="space-y-2">
          <Label htmlFor="admin-note">Add Note (visible to customer)</Label>
          <Textarea
            id="admin-note"
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            placeholder="e.g. Parts are ordered; we expect them on Thursday."
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'admin-note-error' : undefined}
            {...form.register('content')}
          />
          {error?.message && (
            <p id="admin-note-error" role="alert" className="text-sm font-medium text-brand-700">
              {error.message}
            </p>
          )}
          <Button type="submit" disabled={sendMessage.isPending}>
            {sendMessage.isPending ? 'Adding...' : 'Add Note'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
