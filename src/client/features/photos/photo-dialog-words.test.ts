import { describe, expect, it } from 'vitest';
import { photoDialogLocale } from './photo-dialog-words.ts';
import { UPPY_SPANISH } from './uppy-spanish.ts';

describe("the photo dialog's words", () => {
  it('speak of taking a photo on a phone, in English and Spanish', () => {
    const english = photoDialogLocale(undefined, 'en', true);
    expect(english?.strings.dropPasteFiles).toBe('Take a photo or %{browseFiles}');
    expect(english?.strings.browseFiles).toBe('choose one from your phone');
    const spanish = photoDialogLocale(UPPY_SPANISH, 'es', true);
    expect(spanish?.strings.dropPasteFiles).toBe('Tome una foto o %{browseFiles}');
    // The rest of the Spanish words stay.
    expect(spanish?.strings.takePictureBtn).toBe('Tomar foto');
    for (const locale of [english, spanish]) {
      expect(JSON.stringify(locale?.strings)).not.toMatch(/Drop files|browse files|Arrastre/);
    }
  });

  it("leave a computer's dialog as it is (drop or browse)", () => {
    expect(photoDialogLocale(undefined, 'en', false)).toBeUndefined();
    expect(photoDialogLocale(UPPY_SPANISH, 'es', false)).toBe(UPPY_SPANISH);
  });
});
