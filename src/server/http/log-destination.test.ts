import { describe, expect, it } from 'vitest';
import { standardOutputLog } from './log-destination.ts';

describe('standardOutputLog', () => {
  it('is one stream per process, however many apps are built', () => {
    expect(standardOutputLog()).toBe(standardOutputLog());
  });
});
