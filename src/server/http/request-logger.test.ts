import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { requestLoggerFactory } from './request-logger.ts';

function rootLogger(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('requestLoggerFactory', () => {
  it('makes pino’s child only when the request first logs, and only once', () => {
    const { logger, lines } = rootLogger();
    const child = vi.spyOn(logger, 'child');
    const log = requestLoggerFactory(logger, { reqId: 'abc123defg' }, {});
    expect(log.level).toBe('info');
    expect(child).not.toHaveBeenCalled();
    log.info({ count: 2 }, 'deleted abandoned photos');
    log.warn('not ready');
    log.debug('below the level: not written');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toEqual([
      expect.objectContaining({ level: 30, reqId: 'abc123defg', count: 2, msg: 'deleted abandoned photos' }),
      expect.objectContaining({ level: 40, reqId: 'abc123defg', msg: 'not ready' }),
    ]);
  });

  it('logs every level pino does, errors through pino’s serializer', () => {
    const { logger, lines } = rootLogger('trace');
    const log = requestLoggerFactory(logger, { reqId: 'r1' }, {});
    log.trace('t');
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error(new Error('the disk caught fire'));
    log.fatal('f');
    log.silent('never written');
    expect(lines.map((line) => line.level)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(lines[4]).toMatchObject({ reqId: 'r1', err: { message: 'the disk caught fire' } });
  });

  it('keeps its own level (a route’s logLevel, or one set later) without changing the app’s', () => {
    const { logger, lines } = rootLogger();
    const quiet = requestLoggerFactory(logger, { reqId: 'r2' }, { level: 'warn' });
    expect(quiet.level).toBe('warn');
    quiet.info('not written');
    const loud = requestLoggerFactory(logger, { reqId: 'r3' }, {});
    loud.level = 'debug';
    loud.debug('written');
    expect(loud.level).toBe('debug');
    expect(logger.level).toBe('info');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r3', msg: 'written' })]);
  });

  it('gives children that carry the request id and their own bindings', () => {
    const { logger, lines } = rootLogger();
    const log = requestLoggerFactory(logger, { reqId: 'r4' }, {});
    log.child({ job: 'backup' }).info('started');
    expect(lines).toEqual([expect.objectContaining({ reqId: 'r4', job: 'backup', msg: 'started' })]);
  });
});
