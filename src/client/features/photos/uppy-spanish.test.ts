import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UPPY_SPANISH } from './uppy-spanish.ts';

/** The refusals Uppy's core writes for the photo dialog's restrictions (one image, at most 10 MB). */
const RESTRICTION_KEYS = [
  'exceedsSize',
  'youCanOnlyUploadFileTypes',
  'youCanOnlyUploadX',
  'noMoreFilesAllowed',
  'noDuplicates',
];

/** A package's own English words (lib/locale.js, which its exports do not name). */
async function englishOf(name: string): Promise<Record<string, unknown>> {
  const manifest = createRequire(import.meta.url).resolve(`${name}/package.json`);
  const file = pathToFileURL(path.join(path.dirname(manifest), 'lib/locale.js')).href;
  return (await import(/* @vite-ignore */ file)).default.strings;
}

describe("the photo dialog's Spanish words", () => {
  it('cover every string of the dashboard, and every refusal of the restrictions it sets', async () => {
    const keys = [...Object.keys(await englishOf('@uppy/dashboard')), ...RESTRICTION_KEYS];
    for (const key of keys) expect(UPPY_SPANISH.strings, key).toHaveProperty(key);
    expect(Object.keys(await englishOf('@uppy/core'))).toEqual(expect.arrayContaining(RESTRICTION_KEYS));
  });

  it('keep the placeholders Uppy fills in', () => {
    expect(UPPY_SPANISH.strings.exceedsSize).toMatch(/%\{file\}.*%\{size\}/);
    expect(UPPY_SPANISH.strings.dropPasteFiles).toContain('%{browseFiles}');
    expect(UPPY_SPANISH.strings.dropPasteImportFiles).toContain('%{browseFiles}');
  });
});
