import { describe, expect, it } from 'vitest';
import { ObjectWrites } from './object-writes.ts';

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ObjectWrites', () => {
  it('keeps at most its limit under way, and finishes every write', async () => {
    const writes = new ObjectWrites(3);
    let running = 0;
    let most = 0;
    let done = 0;
    for (let index = 0; index < 10; index += 1) {
      await writes.add(async () => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        running -= 1;
        done += 1;
      });
    }
    await writes.finish();
    expect(most).toBe(3);
    expect(done).toBe(10);
  });

  it('throws the first failure, on the next add or at the end', async () => {
    const writes = new ObjectWrites(2);
    await writes.add(() => Promise.reject(new Error('disk full')));
    await tick();
    await expect(writes.add(async () => {})).rejects.toThrow('disk full');
    await expect(writes.finish()).rejects.toThrow('disk full');
  });
});
