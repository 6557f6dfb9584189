import { describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '#domain/photos.ts';
import { NOT_AN_IMAGE, PHOTO_TOO_LARGE, photoFileProblem } from './photo-file-check.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('photoFileProblem', () => {
  it('accepts images up to the size limit', () => {
    expect(photoFileProblem(file('car.jpg', 'image/jpeg'))).toBeNull();
    expect(photoFileProblem(file('car.png', 'image/png', MAX_PHOTO_BYTES))).toBeNull();
  });

  it('refuses files that are not images', () => {
    expect(photoFileProblem(file('notes.txt', 'text/plain'))).toBe(NOT_AN_IMAGE);
    expect(photoFileProblem(file('claim.pdf', 'application/pdf'))).toBe(NOT_AN_IMAGE);
    expect(photoFileProblem(file('empty.jpg', 'image/jpeg', 0))).toBe(NOT_AN_IMAGE);
  });

  it('decides by the name when the browser reports no type', () => {
    expect(photoFileProblem(file('IMG_0001.HEIC', ''))).toBeNull();
    expect(photoFileProblem(file('report.docx', ''))).toBe(NOT_AN_IMAGE);
  });

  it('refuses photos over 10 MB', () => {
    expect(photoFileProblem(file('big.jpg', 'image/jpeg', MAX_PHOTO_BYTES + 1))).toBe(PHOTO_TOO_LARGE);
  });
});
