import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoIdFromUrl } from '#domain/photos.ts';
import { outbox } from '#server/db/schema.ts';
import { AcknowledgedWrites } from '#server/test-support/reliability/acknowledged-writes.ts';
import { ApiClient, TrafficLog } from '#server/test-support/reliability/api-client.ts';
import {
  type BackingDatabase,
  createAdmins,
  openBackingDatabase,
} from '#server/test-support/reliability/backing-database.ts';
import {
  isHealthy,
  type ServerProcess,
  startServerProcess,
  waitFor,
} from '#server/test-support/reliability/server-process.ts';
import {
  DropOffSlots,
  newRunId,
  postMessage,
  registerCustomer,
  signInAdmins,
  smallJpeg,
  submitEstimate,
  type TrafficContext,
  uploadPhoto,
} from '#server/test-support/reliability/traffic.ts';
import { startS3StandIn } from '#server/test-support/s3-stand-in.ts';
import { type SmtpTestServer, startSmtpTestServer } from '#server/test-support/smtp-stand-in.ts';

/**
 * Two server processes behind one load balancer: the same PostgreSQL database, the same session
 * secret, the same photo store. Whichever server a request reaches, the answer is the same, and the
 * mail both of them send goes out once. The embedded database is single-process by design, so they
 * share a PostgreSQL server's.
 */
describe('two servers on one PostgreSQL database and one photo store', () => {
  let database: BackingDatabase;
  let smtp: SmtpTestServer;
  const servers: ServerProcess[] = [];

  // Start-up (migrations, password hashing, a server process) is slow on a busy machine.
  beforeAll(async () => {
    database = await openBackingDatabase('postgres');
    await createAdmins(database, 2);
    smtp = await startSmtpTestServer();
  }, 120_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await smtp?.stop();
    await database?.dispose();
  });

  it('shares sessions, logouts and photos, and sends each e-mail exactly once', async () => {
    const env = { SMTP_URL: smtp.url, MAIL_FROM: '"Body Shop" <shop@reliability.test>' };
    const [a, b] = await Promise.all([
      startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, env }),
      startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, env }),
    ]);
    if (!a || !b) throw new Error('servers did not start');
    servers.push(a, b);
    // With DATABASE_URL set neither server touched the embedded database, nor its lock.
    expect(existsSync(path.join(database.dataDir, 'db.lock'))).toBe(false);
    expect(existsSync(path.join(database.dataDir, 'db'))).toBe(false);

    const log = new TrafficLog();
    const ack = new AcknowledgedWrites();
    const contextFor = async (server: ServerProcess): Promise<TrafficContext> => ({
      baseUrl: server.baseUrl,
      log,
      ack,
      admins: await signInAdmins(server.baseUrl, log, 1),
      slots: await DropOffSlots.forDefaultShop(),
      photo: await smallJpeg(),
      runId: newRunId(),
    });
    const onA = await contextFor(a);
    const onB = await contextFor(b);

    // A session made on A works on B.
    const email = `both-${onA.runId}@reliability.test`;
    const customerOnA = await registerCustomer(onA, email);
    const customerOnB = customerOnA.withBaseUrl(b.baseUrl);
    await customerOnB.expect([200], 'auth-user', 'GET', '/api/auth/user');

    // A photo: ticket from A, bytes to B (the upload token is signed with the shared secret), served by both.
    const ticket = await customerOnA.expect<{ uploadURL: string; photoURL: string }>(
      [200],
      'upload-ticket',
      'POST',
      '/api/objects/upload',
      { json: {} },
    );
    await customerOnB.expect([200], 'upload-photo', 'PUT', ticket.body.uploadURL, {
      body: onA.photo,
      contentType: 'image/jpeg',
    });
    const crossPhoto = ticket.body.photoURL;
    const viaA = await customerOnA.expect([200], 'view-photo', 'GET', crossPhoto);
    const viaB = await customerOnB.expect([200], 'view-photo', 'GET', crossPhoto);
    expect(viaB.headers.get('etag')).toBe(viaA.headers.get('etag'));
    const photoOnA = await uploadPhoto(customerOnA, ack, onA.photo);
    await customerOnB.expect([200], 'view-photo', 'GET', `${photoOnA}/thumbnail`);

    // Work spread over both servers; every change queues its e-mails in the same transaction.
    const estimateOnB = await submitEstimate(onB, customerOnB, email, [crossPhoto, photoOnA]);
    await customerOnA.expect([200], 'estimate', 'GET', `/api/estimates/${estimateOnB}`);
    const [adminA] = onA.admins;
    const [adminB] = onB.admins;
    if (!adminA || !adminB) throw new Error('no admins');
    const submissions = 6;
    for (let i = 0; i < submissions; i++) {
      const ctx = i % 2 === 0 ? onA : onB;
      const other = i % 2 === 0 ? b : a;
      const customerEmail = `mail-${ctx.runId}-${i}@reliability.test`;
      const customer = await registerCustomer(ctx, customerEmail);
      const estimateId = await submitEstimate(ctx, customer, customerEmail, [
        await uploadPhoto(customer, ack, ctx.photo),
      ]);
      await postMessage(ctx, customer.withBaseUrl(other.baseUrl), estimateId, `Question ${i}`);
      const admin = i % 2 === 0 ? adminB : adminA;
      await admin.expect([200], 'admin-quote', 'POST', `/api/admin/estimates/${estimateId}/quote`, {
        json: { estimatedAmount: '750.00' },
      });
    }

    // Logout on A is refused on B (a short session cache may delay it by up to 2 s).
    await customerOnA.expect([204], 'logout', 'POST', '/api/logout');
    const stale = new ApiClient(b.baseUrl, log);
    stale.cookie = customerOnB.cookie;
    await waitFor(
      async () => (await stale.send('stale-session', 'GET', '/api/auth/user')).status === 401,
      2_000,
    );

    // Each e-mail once: as many messages as the outbox holds, each Message-ID (the job's id) once.
    const queued = await database.withDb((db) =>
      db.select({ id: outbox.id }).from(outbox).where(eq(outbox.kind, 'email')),
    );
    // 1 + 6 estimates (confirmation + shop alert), 6 customer messages, 6 quotes.
    expect(queued).toHaveLength((1 + submissions) * 2 + submissions * 2);
    await waitFor(async () => {
      const unsent = await database.withDb((db) =>
        db.select({ id: outbox.id }).from(outbox).where(ne(outbox.status, 'sent')),
      );
      return unsent.length === 0 && smtp.received.length >= queued.length;
    }, 30_000);
    // Give a duplicate send every chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const messageIds = smtp.received.map((mail) => /^Message-ID:\s*<([^@>]+)@/im.exec(mail.raw)?.[1] ?? '');
    expect(smtp.received).toHaveLength(queued.length);
    expect(new Set(messageIds).size).toBe(messageIds.length);
    expect(new Set(messageIds)).toEqual(new Set(queued.map((row) => row.id)));
    expect(log.serverErrors).toEqual([]);
    console.log(
      `two servers: ${smtp.received.length} e-mails for ${queued.length} queued, ` +
        `${new Set(messageIds).size} distinct; ${log.total()} requests, ${log.serverErrors.length} 5xx`,
    );

    // No row was claimed twice: one attempt each, whichever server took it.
    const sent = await database.withDb((db) =>
      db
        .select({ attempts: outbox.attempts })
        .from(outbox)
        .where(
          inArray(
            outbox.id,
            queued.map((row) => row.id),
          ),
        ),
    );
    expect(sent.every((row) => row.attempts === 1)).toBe(true);
    expect(readdirSync(database.dataDir)).not.toContain('outbox');
  }, 120_000);

  it('shares photos through the S3 stand-in as well', async () => {
    const s3 = await startS3StandIn();
    try {
      const endpoint = s3.config.endpoint ?? '';
      const env = {
        S3_BUCKET: s3.config.bucket,
        S3_ENDPOINT: endpoint,
        S3_REGION: s3.config.region,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      };
      const [a, b] = await Promise.all([
        startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, env }),
        startServerProcess({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, env }),
      ]);
      if (!a || !b) throw new Error('servers did not start');
      servers.push(a, b);
      const log = new TrafficLog();
      const ctx: TrafficContext = {
        baseUrl: a.baseUrl,
        log,
        ack: new AcknowledgedWrites(),
        admins: [],
        slots: await DropOffSlots.forDefaultShop(),
        photo: await smallJpeg('#15803d'),
        runId: newRunId(),
      };
      const email = `s3-${ctx.runId}@reliability.test`;
      const customerOnA = await registerCustomer(ctx, email);
      const customerOnB = customerOnA.withBaseUrl(b.baseUrl);

      // The ticket from A names the bucket; the bytes go there; B turns them into the photo.
      const ticket = await customerOnA.expect<{ uploadURL: string; photoURL: string }>(
        [200],
        'upload-ticket',
        'POST',
        '/api/objects/upload',
        { json: {} },
      );
      expect(ticket.body.uploadURL.startsWith(endpoint)).toBe(true);
      const put = await fetch(ticket.body.uploadURL, {
        method: 'PUT',
        body: new Uint8Array(ctx.photo),
        headers: { 'content-type': 'image/jpeg' },
      });
      expect(put.status).toBe(200);
      const estimateId = await submitEstimate({ ...ctx, baseUrl: b.baseUrl }, customerOnB, email, [
        ticket.body.photoURL,
      ]);
      const photoId = photoIdFromUrl(ticket.body.photoURL);
      const viaA = await customerOnA.expect([200], 'view-photo', 'GET', `/api/photos/${photoId}`);
      expect(viaA.headers.get('content-type')).toBe('image/jpeg');
      await customerOnA.expect([200], 'view-photo', 'GET', `/api/photos/${photoId}/thumbnail`);
      await customerOnA.expect([200], 'estimate', 'GET', `/api/estimates/${estimateId}`);
      expect(log.serverErrors).toEqual([]);
      await Promise.all([a.kill(), b.kill()]);
    } finally {
      await s3.close();
    }
  }, 90_000);
});

/**
 * The default install runs its own PostgreSQL in DATA_DIR, owned by one server: two servers share a
 * database through DATABASE_URL (above). A second server started on the same data folder, by mistake
 * or by a process manager starting one too many, is refused with the reason, and the first keeps
 * serving the people signed in to it.
 */
describe("two servers on the default install's data folder", () => {
  let database: BackingDatabase;
  let first: ServerProcess | undefined;
  beforeAll(async () => {
    database = await openBackingDatabase('embedded');
  });
  afterAll(async () => {
    await first?.kill();
    await database?.dispose();
  });

  it('refuses the second with the reason, and the first keeps serving', async () => {
    first = await startServerProcess({ dataDir: database.dataDir });
    const log = new TrafficLog();
    const ack = new AcknowledgedWrites();
    const customer = await registerCustomer({ baseUrl: first.baseUrl, log, ack }, 'first@reliability.test');

    const second = startServerProcess({ dataDir: database.dataDir });
    await expect(second).rejects.toThrow(/exited during start-up[\s\S]*in use by a running server/);

    await customer.expect([200], 'auth-user', 'GET', '/api/auth/user');
    expect(await isHealthy(first.baseUrl)).toBe(true);
    expect(log.serverErrors).toEqual([]);
  }, 180_000);
});
