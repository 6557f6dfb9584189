import { describe, expect, it } from 'vitest';

describe('zod-config', () => {
  it('turns zod jitless before zod is loaded', async () => {
    await import('./zod-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
