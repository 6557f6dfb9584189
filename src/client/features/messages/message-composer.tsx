import { Send } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { cn } from '#client/lib/cn.ts';
import { MESSAGE_MAX_LENGTH } from '#domain/messages.ts';

export const ENGLISH_COMPOSER_HINT = 'Press Enter to send, Shift+Enter for a new line.';

export interface ComposerWording {
  label: string;
  placeholder: string;
  hint: string;
  /** The send button's name, and its name while sending. */
  send: string;
  sending: string;
  /**
   * A note rather than a chat line: a worded button under a larger box, and an empty note is answered
   * with `required` instead of a disabled button.
   */
  note?: { send: string; sending: string; required: string };
}

/**
 * The text box under the messages. Enter sends, Shift+Enter starts a new line. The text is cleared
 * only once the message has been sent, so a failed send loses nothing.
 */
export function MessageComposer({
  onSend,
  isSending,
  wording: { label, placeholder, hint, send: sendLabel, sending, note },
}: {
  onSend: (content: string) => Promise<unknown>;
  isSending: boolean;
  wording: ComposerWording;
}) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const id = useId();
  const hasText = text.trim().length > 0;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  async function send() {
    if (isSending) return;
    if (!hasText) {
      if (note) setMissing(true);
      return;
    }
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

  const box = (
    <Textarea
      id={id}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        setMissing(false);
      }}
      onKeyDown={onKeyDown}
      placeholder={placeholder}
      maxLength={MESSAGE_MAX_LENGTH}
      rows={note ? 3 : 2}
      aria-invalid={missing ? true : undefined}
      aria-describedby={missing ? `${errorId} ${hintId}` : hintId}
      className={cn(!note && 'min-h-12 resize-y')}
    />
  );

  return (
    <form
      className="flex flex-col gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      {note ? (
        <>
          {box}
          {missing && (
            <p id={errorId} role="alert" className="text-sm font-medium text-brand-700">
              {note.required}
            </p>
          )}
        </>
      ) : (
        <div className="flex items-end gap-2">
          {box}
          <Button
            type="submit"
            size="icon"
            disabled={!hasText || isSending}
            aria-label={isSending ? sending : sendLabel}
          >
            <Send aria-hidden="true" />
          </Button>
        </div>
      )}
      <p id={hintId} className="text-xs text-slate-500">
        {hint}
      </p>
      {note && (
        <Button type="submit" className="self-start" disabled={isSending}>
          {isSending ? note.sending : note.send}
        </Button>
      )}
    </form>
  );
}
