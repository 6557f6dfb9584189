import { cn } from '#client/lib/cn.ts';
import type { Message } from '#domain/messages.ts';

/**
 * One message. The content is plain text: React escapes it, and whitespace-pre-wrap keeps the
 * writer's line breaks. Never render it as HTML.
 */
export function MessageBubble({
  message,
  mine,
  author,
  time,
}: {
  message: Message;
  mine: boolean;
  author: string;
  /** When it was sent, as the viewer reads it ('' when unknown). */
  time: string;
}) {
  return (
    <li className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}>
      <span className="px-1 text-xs text-slate-500">
        <span className="font-semibold text-slate-700">{author}</span>
        {time && (
          <>
            {' · '}
            <time dateTime={message.createdAt}>{time}</time>
          </>
        )}
      </span>
      <p
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm break-words whitespace-pre-wrap shadow-sm',
          mine ? 'rounded-br-sm bg-brand-700 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900',
        )}
      >
        {message.content}
      </p>
    </li>
  );
}
