import { describe, expect, it } from 'vitest';
import { jpegWithGps } from '#server/test-support/images.ts';
import { PHOTO_DECODE_CONCURRENCY, photoDecodeCounts, processPhoto } from './image-processing.ts';

describe('security probe, image decoding costs far more than the upload: decodes wait their turn', () => {
  it('decodes at most one or two photos at a time; the others wait, and every photo still comes out', async () => {
    expect(PHOTO_DECODE_CONCURRENCY).toBeGreaterThanOrEqual(1);
    expect(PHOTO_DECODE_CONCURRENCY).toBeLessThanOrEqual(2);
    const photos = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => jpegWithGps(1000 + n * 100, 800)));

    const uploads = Promise.all(photos.map((photo) => processPhoto(photo)));
    // Reading each header takes a moment; then all six want to decode at once.
    let mostWaiting = 0;
    let done = false;
    void uploads.finally(() => {
      done = true;
    });
    while (!done) {
      mostWaiting = Math.max(mostWaiting, photoDecodeCounts().waiting);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const results = await uploads;

    expect(results.map((r) => r.photo.height)).toEqual([1100, 1200, 1300, 1400, 1500, 1600]);
    const counts = photoDecodeCounts();
    expect(counts.mostAtOnce).toBeGreaterThan(0);
    expect(counts.mostAtOnce).toBeLessThanOrEqual(PHOTO_DECODE_CONCURRENCY);
    expect(mostWaiting).toBeGreaterThan(0);
    expect([counts.running, counts.waiting]).toEqual([0, 0]);
  });
});
