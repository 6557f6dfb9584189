import { describe, expect, it } from 'vitest';
import { coalescedLookup, inKeyOrder } from './coalesced-lookup.ts';

/** A lookup over a map that records every batch it is asked for, answering when `release` is called. */
function recordingLookup(values: Map<string, number>) {
  const batches: string[][] = [];
  const pending: (() => void)[] = [];
  const lookup = coalescedLookup(async (keys: readonly string[]) => {
    batches.push([...keys]);
    await new Promise<void>((resolve) => pending.push(resolve));
    return keys.map((key) => values.get(key) ?? null);
  });
  const releaseAll = () => {
    for (const resolve of pending.splice(0)) resolve();
  };
  return { lookup, batches, releaseAll };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedLookup', () => {
  it('answers the keys asked in one turn of the event loop with one batch, each with its own value', async () => {
    const { lookup, batches, releaseAll } = recordingLookup(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    );
    const answers = Promise.all([lookup('a'), lookup('b'), lookup('missing'), lookup('a')]);
    await tick();
    releaseAll();
    expect(await answers).toEqual([1, 2, null, 1]);
    expect(batches).toEqual([['a', 'b', 'missing', 'a']]);
  });

  it('sends at most two batches at once; keys asked meanwhile wait and go together', async () => {
    const { lookup, batches, releaseAll } = recordingLookup(new Map([['k', 7]]));
    const first = lookup('k');
    await tick();
    const second = lookup('k');
    await tick();
    // Both batches are out: these four wait for one of them, then go as one.
    const waiting = ['k', 'k', 'k', 'k'].map((key) => lookup(key));
    await tick();
    expect(batches).toHaveLength(2);
    releaseAll();
    await Promise.all([first, second]);
    await tick();
    expect(batches).toHaveLength(3);
    expect(batches[2]).toEqual(['k', 'k', 'k', 'k']);
    releaseAll();
    expect(await Promise.all(waiting)).toEqual([7, 7, 7, 7]);
  });

  it('never answers from an earlier batch: a key asked after a change sees the change', async () => {
    const values = new Map([['session', 1]]);
    const lookup = coalescedLookup(async (keys: readonly string[]) =>
      keys.map((key) => values.get(key) ?? null),
    );
    expect(await lookup('session')).toBe(1);
    values.delete('session');
    expect(await lookup('session')).toBeNull();
  });

  it('fails every key of a batch that fails, and the next batch still runs', async () => {
    let fail = true;
    const lookup = coalescedLookup(async (keys: readonly string[]) => {
      if (fail) throw new Error('database unavailable');
      return keys.map(() => 1);
    });
    const results = await Promise.allSettled([lookup('a'), lookup('b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await Promise.all([lookup('a'), lookup('b'), lookup('c')])).toEqual([1, 1, 1]);
  });
});

describe('inKeyOrder', () => {
  it('puts rows in the order of the keys, null where none matched, repeating for repeated keys', () => {
    const rows = [
      { id: 'b', n: 2 },
      { id: 'a', n: 1 },
    ];
    expect(inKeyOrder(['a', 'x', 'b', 'a'], rows, (row) => row.id)).toEqual([
      { id: 'a', n: 1 },
      null,
      { id: 'b', n: 2 },
      { id: 'a', n: 1 },
    ]);
  });
});
