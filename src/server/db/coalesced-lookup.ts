import DataLoader from 'dataloader';
import type { Db } from './client.ts';

/** How many batches of one lookup may be at the database at once; later keys wait and join one batch. */
const MAX_BATCHES_IN_FLIGHT = 2;
/** Enough for every connection of a busy server in one query, small enough to keep its parameters modest. */
const MAX_BATCH_SIZE = 500;

/**
 * Lookups made on every request (the session behind a cookie), gathered into one query per batch:
 * under load, one round trip answers every request that arrived while the previous one was running,
 * instead of one round trip each.
 *
 * Never a cache: a batch is sent after its last key arrived, so each answer is read after its request
 * came in and sees every write committed before it (on this server or any other).
 *
 * `loadMany` answers keys in their order (null where nothing was found); a key may come more than
 * once.
 */
export function coalescedLookup<K, V>(
  loadMany: (keys: readonly K[]) => Promise<(V | null)[]>,
): (key: K) => Promise<V | null> {
  // Batches sent or about to be; a batch that finds them all taken waits for one to finish.
  let busy = 0;
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<K, V | null>(
    async (keys) => {
      try {
        return await loadMany(keys);
      } finally {
        const next = waiting.shift();
        if (next) next();
        else busy--;
      }
    },
    {
      cache: false,
      maxBatchSize: MAX_BATCH_SIZE,
      // setImmediate, after the I/O phase: every request read in this turn of the event loop joins in.
      batchScheduleFn: (dispatch) => {
        if (busy < MAX_BATCHES_IN_FLIGHT) {
          busy++;
          setImmediate(dispatch);
        } else {
          waiting.push(dispatch);
        }
      },
    },
  );
  return (key) => loader.load(key);
}

/** Each key's row, or null, in the keys' order (a key may come more than once). */
export function inKeyOrder<R>(keys: readonly string[], rows: R[], keyOf: (row: R) => string): (R | null)[] {
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.map((key) => byKey.get(key) ?? null);
}

/**
 * A read API requests make on every call (the session, with what their route needs), as a coalesced
 * lookup of a query prepared once per database, so it is neither rebuilt nor re-planned: `values`
 * turns a batch's distinct keys into the query's placeholders, and `keyOf` names the key a row answers.
 */
export function preparedBatchRead<Row, Values>(
  prepare: (db: Db) => { execute(values: Values): Promise<Row[]> },
  values: (keys: string[]) => Values,
  keyOf: (row: Row) => string,
): (db: Db, key: string) => Promise<Row | null> {
  const lookups = new WeakMap<Db, (key: string) => Promise<Row | null>>();
  return (db, key) => {
    let lookup = lookups.get(db);
    if (!lookup) {
      const query = prepare(db);
      lookup = coalescedLookup(async (keys: readonly string[]) =>
        inKeyOrder(keys, await query.execute(values([...new Set(keys)])), keyOf),
      );
      lookups.set(db, lookup);
    }
    return lookup(key);
  };
}
