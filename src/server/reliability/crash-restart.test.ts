import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AcknowledgedWrites, findLostWrites } from '#server/test-support/reliability/acknowledged-writes.ts';
import { TrafficLog } from '#server/test-support/reliability/api-client.ts';
import {
  type BackingDatabase,
  createAdmins,
  openBackingDatabase,
} from '#server/test-support/reliability/backing-database.ts';
import { findInconsistencies } from '#server/test-support/reliability/consistency.ts';
import {
  type ServerProcess,
  startServerProcess,
  waitFor,
} from '#server/test-support/reliability/server-process.ts';
import {
  customerJourney,
  DropOffSlots,
  newRunId,
  postMessage,
  runMixedTraffic,
  signInAdmins,
  smallJpeg,
  type TrafficContext,
} from '#server/test-support/reliability/traffic.ts';

/**
 * The server is SIGKILLed while customers and the shop are writing, then started again on the same
 * data (the same DATA_DIR for the embedded database, the same PostgreSQL database). Nothing it
 * acknowledged may be lost, nothing may be half written, and the restarted server must work.
 */
const ADMINS = 3;

describe('SIGKILL in the middle of writing traffic, then a restart', () => {
  let database: BackingDatabase;
  let server: ServerProcess | null = null;

  // Start-up (migrations, password hashing, a server process) is slow on a busy machine.
  beforeAll(async () => {
    database = await openBackingDatabase('embedded');
    await createAdmins(database, ADMINS);
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    await database?.dispose();
  });

  it('keeps every acknowledged write and no half-written estimate, and comes back healthy', async () => {
    const ack = new AcknowledgedWrites();
    const log = new TrafficLog();
    const slots = await DropOffSlots.forDefaultShop();
    const photo = await smallJpeg('#b91c1c');
    const runId = newRunId();
    const context = async (baseUrl: string): Promise<TrafficContext> => ({
      baseUrl,
      log,
      ack,
      admins: await signInAdmins(baseUrl, log, ADMINS),
      slots,
      photo,
      runId: `${runId}-${Math.random().toString(36).slice(2, 6)}`,
    });

    // Two crashes: the embedded PostgreSQL (decision 052) restarts as fast as an external one, and
    // the second start also finds the server the first crash left shutting down.
    const rounds = 2;
    for (let round = 1; round <= rounds; round++) {
      server = await startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
      const running = server;
      const ctx = await context(running.baseUrl);
      let killed = false;
      const traffic = runMixedTraffic(ctx, { workers: 4, keepGoing: () => !killed });

      // Kill once a good number of writes went through: by then every worker is mid-journey.
      const before = ack.count();
      await waitFor(async () => ack.count() >= before + 40, 60_000);
      // One more write, and the kill the moment its answer arrives: a commit the server confirmed
      // must already be on disk, not in a buffer that dies with the process.
      const [estimateId] = ack.estimates.keys();
      const [admin] = ctx.admins;
      if (!estimateId || !admin) throw new Error('no estimate to write to');
      await postMessage(ctx, admin, estimateId, `Last words before crash ${round}.`);
      running.child.kill('SIGKILL');
      killed = true;
      const exit = await running.exited;
      expect(exit.signal).toBe('SIGKILL');
      const result = await traffic;
      server = null;
      console.log(
        `crash round ${round} on ${database.kind}: killed after ${ack.count() - before} acknowledged writes; ` +
          `${result.journeysFinished} journeys finished, ${result.journeysCut} cut off by the kill`,
      );
    }

    // Restarted on the same data: the stale embedded-database lock must not keep it out.
    server = await startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    const restarted = server;
    const ctx = await context(restarted.baseUrl);
    await customerJourney(ctx, 0);

    expect(log.serverErrors).toEqual([]);
    expect(log.unexpected).toEqual([]);

    restarted.child.kill('SIGTERM');
    expect(await restarted.exited).toEqual({ code: 0, signal: null });
    server = null;
    const { lost, problems } = await database.withDb(async (db) => ({
      lost: await findLostWrites(db, ack),
      problems: await findInconsistencies(db, database.store),
    }));
    console.log(`after the restart: ${ack.count()} acknowledged writes checked, ${lost.length} lost`);
    expect(lost).toEqual([]);
    expect(problems).toEqual([]);
  }, 480_000);
});
