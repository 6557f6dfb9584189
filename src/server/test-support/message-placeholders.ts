import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * The names an ICU message formats in (`{name}`, `{count, plural, …}`, `<0>…</0>`), sorted: a
 * translation must use the same ones as the English it translates.
 */
export function messagePlaceholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (part: unknown): void => {
    if (!Array.isArray(part)) return;
    if (
      typeof part[0] === 'string' &&
      (part.length === 1 || typeof part[1] === 'string' || part[1] === undefined)
    ) {
      names.add(part[0]);
    }
    for (const inner of part) {
      if (Array.isArray(inner)) walk(inner);
      else if (inner && typeof inner === 'object') for (const value of Object.values(inner)) walk(value);
    }
  };
  const compiled = compileMessage(message);
  if (Array.isArray(compiled)) for (const part of compiled) walk(part);
  for (const tag of message.matchAll(/<(\d+)>/g)) names.add(`<${tag[1]}>`);
  return [...names].sort();
}
