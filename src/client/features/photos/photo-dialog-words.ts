import type { Locale } from '@uppy/core/utils';
import type { Language } from '#domain/language.ts';

/**
 * On a phone nothing is dropped: the dialog speaks of taking a photo (the camera button beside it)
 * or choosing one, instead of Uppy's "Drop files here or browse files".
 */
const TOUCH_WORDS: Record<Language, Record<string, string>> = {
  en: {
    dropPasteFiles: 'Take a photo or %{browseFiles}',
    dropPasteImportFiles: 'Take a photo, %{browseFiles} or import from:',
    browseFiles: 'choose one from your phone',
  },
  es: {
    dropPasteFiles: 'Tome una foto o %{browseFiles}',
    dropPasteImportFiles: 'Tome una foto, %{browseFiles} o use:',
    browseFiles: 'elija una de su teléfono',
  },
};

const englishPlural = (count: number) => (count === 1 ? 0 : 1);

/** The dialog's words: the page language's (undefined is Uppy's English), with a phone's words on touch. */
export function photoDialogLocale(
  base: Locale<0 | 1> | undefined,
  language: Language,
  touch: boolean,
): Locale<0 | 1> | undefined {
  if (!touch) return base;
  return {
    pluralize: base?.pluralize ?? englishPlural,
    strings: { ...base?.strings, ...TOUCH_WORDS[language] },
  };
}

/** A phone or tablet: the main pointer is a finger. */
export function isTouchDevice(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}
