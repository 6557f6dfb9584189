import fs, { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { BATCH_BYTES, batchedLog, standardOutputLog } from './log-destination.ts';

describe('standardOutputLog', () => {
  it('is one stream per process, however many apps are built', () => {
    expect(standardOutputLog()).toBe(standardOutputLog());
  });
});

describe('batchedLog', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-log-'));
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes lines in batches of 16 KB, the rest when flushed, and never waits for the disk (fsync)', () => {
    const file = path.join(dir, 'app.log');
    const fd = openSync(file, 'w');
    const writes = vi.spyOn(fs, 'writeSync');
    const fsyncs = vi.spyOn(fs, 'fsyncSync');
    const log = batchedLog(fd);
    const line = `${JSON.stringify({ msg: 'request completed', pad: 'x'.repeat(150) })}\n`;
    const linesInBatch = Math.ceil(BATCH_BYTES / line.length);
    expect(BATCH_BYTES).toBe(16 * 1024);
    for (let i = 1; i < linesInBatch; i++) log.write(line);
    expect(readFileSync(file, 'utf8')).toBe('');
    log.write(line);
    expect(writes).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 10; i++) log.write(line);
    log.write('the last line\n');
    log.flush();
    expect(writes).toHaveBeenCalledTimes(2);
    expect(readFileSync(file, 'utf8')).toBe(`${line.repeat(linesInBatch + 10)}the last line\n`);
    log.flush();
    expect(writes).toHaveBeenCalledTimes(2);
    expect(fsyncs).not.toHaveBeenCalled();
    closeSync(fd);
  });
});
