import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const CATALOG_DIRS = ['src/client/i18n/locales/en', 'src/server/i18n/locales/en'];
const BRITISH =
  /\b(colour|favour|honour|behaviour|neighbour|centre|licence|organis|recognis|analys|cheque|tyre)/i;

function englishMessages(): [string, string][] {
  return CATALOG_DIRS.flatMap((dir) =>
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) => Object.entries(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as object)),
  );
}

describe('the English words', () => {
  it('are US spelling', () => {
    for (const [id, text] of englishMessages()) expect(text, id).not.toMatch(BRITISH);
  });

  it('call signing in "Sign In" wherever it is a label (the header and the tab too)', () => {
    for (const [id, text] of englishMessages()) expect(text, id).not.toMatch(/^(Login|Log In)$/i);
  });
});
