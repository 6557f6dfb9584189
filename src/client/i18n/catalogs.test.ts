import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#domain/language.ts';

const LOCALES = path.join(import.meta.dirname, 'locales');
const namespaces = readdirSync(path.join(LOCALES, 'en')).map((file) => path.basename(file, '.json'));

function catalog(language: string, namespace: string): Record<string, string> {
  return JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8'));
}

/** The names a compiled message formats in: `{name}`, `{count, plural, …}`, `<0>…</0>`. */
function placeholders(message: string): string[] {
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

describe('message catalogs', () => {
  it('have the same namespaces in every language', () => {
    for (const language of LANGUAGES) {
      const files = readdirSync(path.join(LOCALES, language)).map((file) => path.basename(file, '.json'));
      expect(files.sort(), language).toEqual([...namespaces].sort());
    }
  });

  for (const namespace of namespaces) {
    it(`${namespace}: every message exists in both languages, under its namespace, with the same placeholders`, () => {
      const english = catalog('en', namespace);
      for (const language of LANGUAGES) {
        const messages = catalog(language, namespace);
        expect(Object.keys(messages).sort(), `${language}/${namespace}.json keys`).toEqual(
          Object.keys(english).sort(),
        );
        for (const [id, message] of Object.entries(messages)) {
          expect(id.startsWith(`${namespace}.`), `${id} should start with "${namespace}."`).toBe(true);
          expect(message.trim(), `${language} ${id} is empty`).not.toBe('');
          expect(placeholders(message), `${language} ${id}`).toEqual(placeholders(english[id] ?? ''));
        }
      }
    });
  }
});
