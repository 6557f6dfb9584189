// Imported first, as in main.tsx: the setting must be in place before zod loads.
import './zod-config.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('zod-config', () => {
  it('turns zod jitless before zod is loaded', () => {
    expect(z.config().jitless).toBe(true);
  });
});
