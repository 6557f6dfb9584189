import http from 'node:http';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoIdFromUrl } from '#domain/photos.ts';
import { estimates, photos } from '#server/db/schema.ts';
import { AcknowledgedWrites } from '#server/test-support/reliability/acknowledged-writes.ts';
import { TrafficLog } from '#server/test-support/reliability/api-client.ts';
import {
  type BackingDatabase,
  createAdmins,
  openBackingDatabase,
} from '#server/test-support/reliability/backing-database.ts';
import {
  type ServerProcess,
  startServerProcess,
  waitFor,
} from '#server/test-support/reliability/server-process.ts';
import { connectionRefused, getOn, sendSlowly } from '#server/test-support/reliability/slow-client.ts';
import {
  DropOffSlots,
  newRunId,
  registerCustomer,
  signInAdmins,
  smallJpeg,
  submitEstimate,
  type TrafficContext,
  uploadPhoto,
} from '#server/test-support/reliability/traffic.ts';

/**
 * SIGTERM while requests are still running: they finish with their normal answers, no new connection
 * is accepted meanwhile, idle keep-alive connections do not hold the exit up, and the process exits 0.
 * The request held on a row lock needs a second PostgreSQL client, so it runs on PostgreSQL only.
 */

/** A photo of a few megabytes (noise does not compress), so its upload takes a while to stream. */
function largeJpeg(): Promise<Buffer> {
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: '#777777',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}

describe('graceful shutdown on SIGTERM', () => {
  let database: BackingDatabase;
  let server: ServerProcess | null = null;

  // Start-up (migrations, password hashing, a server process) is slow on a busy machine.
  beforeAll(async () => {
    database = await openBackingDatabase('embedded');
    await createAdmins(database, 1);
    server = await startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  }, 120_000);
  afterAll(async () => {
    await server?.kill();
    await database?.dispose();
  });

  it('lets in-flight requests finish, refuses new connections and exits 0', async () => {
    if (!server) throw new Error('no server');
    const running = server;
    const log = new TrafficLog();
    const ctx: TrafficContext = {
      baseUrl: running.baseUrl,
      log,
      ack: new AcknowledgedWrites(),
      admins: await signInAdmins(running.baseUrl, log, 1),
      slots: await DropOffSlots.forDefaultShop(),
      photo: await smallJpeg(),
      runId: newRunId(),
    };
    const email = `shutdown-${ctx.runId}@reliability.test`;
    const customer = await registerCustomer(ctx, email);
    const estimateId = await submitEstimate(ctx, customer, email, [
      await uploadPhoto(customer, ctx.ack, ctx.photo),
    ]);
    const [admin] = ctx.admins;
    if (!admin) throw new Error('no admin');

    // Keep-alive connections, as browsers and proxies keep them: one stays idle through the shutdown.
    const agent = new http.Agent({ keepAlive: true });
    expect(await getOn(agent, `${running.baseUrl}/api/health`)).toBe(200);

    // In flight 1: a large photo, streamed slowly; it pauses a quarter of the way through.
    const ticket = await customer.expect<{ uploadURL: string; photoURL: string }>(
      [200],
      'upload-ticket',
      'POST',
      '/api/objects/upload',
      { json: {} },
    );
    const upload = sendSlowly(`${running.baseUrl}${ticket.body.uploadURL}`, {
      method: 'PUT',
      headers: { cookie: customer.cookie, 'content-type': 'image/jpeg' },
      body: await largeJpeg(),
      agent,
    });
    await upload.paused;

    // In flight 2 (PostgreSQL): the shop's quote, waiting on a row lock another client holds.
    let blocker: pg.Client | null = null;
    let quote: Promise<{ status: number; body: string; connection: string | undefined }> | null = null;
    if (database.kind === 'postgres') {
      blocker = new pg.Client({ connectionString: database.databaseUrl });
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query('select id from estimates where id = $1 for update', [estimateId]);
      const quoteBody = Buffer.from(JSON.stringify({ estimatedAmount: '900.00' }));
      const held = sendSlowly(`${running.baseUrl}/api/admin/estimates/${estimateId}/quote`, {
        method: 'POST',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        body: quoteBody,
        agent,
      });
      held.resume();
      quote = held.done;
      const monitor = new pg.Client({ connectionString: database.databaseUrl });
      await monitor.connect();
      try {
        await waitFor(async () => {
          const { rows } = await monitor.query(
            `select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          );
          return rows.length > 0;
        }, 15_000);
      } finally {
        await monitor.end();
      }
    }

    running.child.kill('SIGTERM');
    // The listening socket closes at once: new connections are refused while the old ones finish.
    await waitFor(() => connectionRefused(running.port), 15_000);

    upload.resume();
    const uploaded = await upload.done;
    expect(uploaded.status, uploaded.body).toBe(200);
    if (blocker && quote) {
      await blocker.query('rollback');
      await blocker.end();
      const quoted = await quote;
      expect(quoted.status, quoted.body).toBe(200);
    }

    // Bounded, not timed: a shutdown held up by an idle keep-alive connection would wait far longer.
    const exit = await Promise.race([
      running.exited,
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 20_000)),
    ]);
    agent.destroy();
    expect(exit, running.output()).toEqual({ code: 0, signal: null });
    server = null;

    const photoId = photoIdFromUrl(ticket.body.photoURL) ?? '';
    await database.withDb(async (db) => {
      const [photo] = await db.select().from(photos).where(eq(photos.id, photoId));
      expect(photo?.status).toBe('ready');
      if (database.kind === 'postgres') {
        const [estimate] = await db.select().from(estimates).where(eq(estimates.id, estimateId));
        expect(estimate).toMatchObject({ status: 'quoted', estimatedAmount: '900.00' });
      }
    });
    expect(log.serverErrors).toEqual([]);
  }, 90_000);
});
