import { Send } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { MESSAGE_MAX_LENGTH } from '#domain/messages.ts';

/**
 * The text box under the messages. Enter sends, Shift+Enter starts a new line. The text is cleared
 * only once the message has been sent, so a failed send loses nothing.
 */
export function MessageComposer({
  onSend,
  isSending,
  placeholder,
}: {
  onSend: (content: string) => Promise<unknown>;
  isSending: boolean;
  placeholder: string;
}) {
  const [text, setText] = useState('');
  const id = useId();
  const canSend = text.trim().length > 0 && !isSending;

  async function send() {
    if (!canSend) return;
    const sent = text;
    try {
      await onSend(sent.trim());
      // Clear only what was sent: anything typed since stays.
      setText((current) => (current === sent ? '' : current));
    } catch {
      // The caller already told the user; keep the text for another try.
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter while composing (e.g. a Japanese IME) confirms the word, it does not send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  }

  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Label htmlFor={id}>Message</Label>
      <div className="flex items-end gap-2">
        <Textarea
          id={id}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={placeholder}
          maxLength={MESSAGE_MAX_LENGTH}
          rows={2}
          aria-describedby={`${id}-hint`}
          className="min-h-12 resize-y"
        />
        <Button
          type="submit"
          size="icon"
          disabled={!canSend}
          aria-label={isSending ? 'Sending...' : 'Send message'}
        >
          <Send aria-hidden="true" />
        </Button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        Press Enter to send, Shift+Enter for a new line.
      </p>
    </form>
  );
}
