import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#domain/language.ts';

/** The namespaces (file names) of a `locales/<language>/<namespace>.json` folder, from its English. */
export function catalogNamespaces(localesDir: string): string[] {
  return readdirSync(path.join(localesDir, 'en')).map((file) => path.basename(file, '.json'));
}

function catalog(localesDir: string, language: string, namespace: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8'));
}

/** The names a compiled message formats in: `{name}`, `{count, plural, …}`, `<0>…</0>`, sorted. */
export function messagePlaceholders(message: string): string[] {
  const names = new Set<string>();
  // A compiled message is a list of parts: text, or an argument `[name, format?, branches?]` whose
  // branches (plural, select) are messages again.
  const walk = (parts: unknown): void => {
    if (!Array.isArray(parts)) return;
    for (const part of parts) {
      if (!Array.isArray(part) || typeof part[0] !== 'string') continue;
      names.add(part[0]);
      const branches = part[2];
      if (branches && typeof branches === 'object')
        for (const branch of Object.values(branches)) walk(branch);
    }
  };
  walk(compileMessage(message));
  for (const tag of message.matchAll(/<(\d+)>/g)) names.add(`<${tag[1]}>`);
  return [...names].sort();
}

/**
 * The checks every catalog folder passes (the browser app's and the server's): the same namespaces
 * and messages in every language, each id under its namespace, none empty, the same placeholders.
 */
export function describeCatalogs(title: string, localesDir: string): void {
  const namespaces = catalogNamespaces(localesDir);
  describe(title, () => {
    it('have the same namespaces in every language', () => {
      for (const language of LANGUAGES) {
        const files = readdirSync(path.join(localesDir, language)).map((file) =>
          path.basename(file, '.json'),
        );
        expect(files.sort(), language).toEqual([...namespaces].sort());
      }
    });

    for (const namespace of namespaces) {
      it(`${namespace}: every message exists in both languages, under its namespace, with the same placeholders`, () => {
        const english = catalog(localesDir, 'en', namespace);
        for (const language of LANGUAGES) {
          const messages = catalog(localesDir, language, namespace);
          expect(Object.keys(messages).sort(), `${language}/${namespace}.json keys`).toEqual(
            Object.keys(english).sort(),
          );
          for (const [id, message] of Object.entries(messages)) {
            expect(id.startsWith(`${namespace}.`), `${id} should start with "${namespace}."`).toBe(true);
            expect(message.trim(), `${language} ${id} is empty`).not.toBe('');
            expect(messagePlaceholders(message), `${language} ${id}`).toEqual(
              messagePlaceholders(english[id] ?? ''),
            );
          }
        }
      });
    }
  });
}
