import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { ESTIMATE_STATUSES } from '#domain/estimate-status.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { Db } from '#server/db/client.ts';
import {
  createAppointment,
  createEstimate,
  createMessage,
  createUploadedPhoto,
  createUser,
  createVehicle,
} from '#server/db/factories.ts';
import {
  passwordTokens,
  payments,
  processedWebhookEvents,
  rateLimits,
  renderedDocuments,
} from '#server/db/schema.ts';
import { queueEmail } from '#server/features/notifications/outbox.ts';
import { createSession } from '#server/sessions/session-store.ts';

/** Test support for backup tests: a shop with a bit of everything, and exact snapshots to compare. */

/**
 * Fills the database and store with representative data: users, sessions, vehicles, estimates in
 * every status, photos with real image bytes, messages, a booking, payments, outbox rows… plus values
 * that are easy to get wrong (microsecond timestamps, exact decimals, unicode, nested JSON).
 */
export async function fillShop(db: Db, store: ObjectStore): Promise<void> {
  const admin = await createUser(db, { email: 'boss@shop.test', password: 'secret-1', isAdmin: true });
  const maria = await createUser(db, {
    email: 'maria@shop.test',
    password: 'secret-2',
    firstName: 'María José',
    lastName: 'O\'Brien "Ñandú" \\ 🚗',
    phone: '(813) 555-0142',
  });
  const noPassword = await createUser(db, { email: 'walk-in@shop.test' });
  await createSession(db, maria.id, 30);
  await createSession(db, admin.id, 1);
  const vehicle = await createVehicle(db, maria.id, { make: 'Ford', model: 'F-150\nSuperCrew', mileage: 0 });

  let pdfEstimate = '';
  for (const [index, status] of ESTIMATE_STATUSES.entries()) {
    const estimate = await createEstimate(db, {
      userId: index % 2 === 0 ? maria.id : noPassword.id,
      vehicleId: index % 2 === 0 ? vehicle.id : null,
      status,
      insuranceCompany: index % 3 === 0 ? 'State Farm' : null,
      estimatedAmount: index % 2 === 0 ? `${1234 + index}.0${index}` : null,
      customerDeductible: index === 1 ? '0.01' : null,
      insuranceCoverage: index === 1 ? '9999999999.99' : null,
      createdAt: new Date(Date.UTC(2026, 0, 1 + index, 12, 30, 15, 123)),
    });
    pdfEstimate ||= estimate.id;
    await createMessage(db, {
      estimateId: estimate.id,
      authorId: maria.id,
      isFromAdmin: false,
      content: `Line one\nLine two\ttabbed — «${status}» 日本語`,
    });
    if (status === 'scheduled') {
      await createAppointment(db, {
        estimateId: estimate.id,
        dropOffDate: '2026-02-03',
        slot: '10:00-12:00',
        instructions: 'Keys at the desk',
        createdBy: admin.id,
      });
    }
    if (status === 'quoted') {
      await queueEmail(db, {
        topic: 'quote_ready',
        estimateId: estimate.id,
        payload: {
          from: 'shop@shop.test',
          to: maria.email,
          subject: 'Your estimate is ready',
          text: 'Total: $1,235.01',
          html: '<p>Total: <b>$1,235.01</b></p>',
        },
        dedupeKey: `quote:${estimate.id}`,
      });
      for (const position of [0, 1]) {
        const photo = await createUploadedPhoto(db, {
          uploaderId: maria.id,
          estimateId: estimate.id,
          position,
        });
        await store.put(photo.objectKey, await jpeg(position), 'image/jpeg');
        await store.put(
          photo.thumbnailKey ?? '',
          await sharp(await jpeg(position))
            .webp()
            .toBuffer(),
          'image/webp',
        );
      }
    }
    if (status === 'completed') {
      await db.insert(payments).values({
        estimateId: estimate.id,
        userId: maria.id,
        provider: 'test',
        providerIntentId: `pi_${index}`,
        amountCents: 123_456,
        status: 'succeeded',
        cardBrand: 'visa',
        cardLast4: '4242',
        paidAt: new Date(Date.UTC(2026, 1, 2, 3, 4, 5, 6)),
      });
    }
  }
  // Exact to the microsecond, which a JavaScript Date cannot hold.
  await db.execute(
    sql`update estimates set updated_at = '2026-03-04 05:06:07.123456+00' where status = 'approved'`,
  );
  // jsonb keeps numbers exactly, beyond what a JavaScript number holds.
  const extra =
    '{"nested": {"list": [1, 2.5, "three", null, true], "big": 12345678901234567890.000001, "unicode": "ü ✓"}}';
  await db.execute(sql`update outbox set payload = payload || ${extra}::jsonb`);
  await db
    .insert(processedWebhookEvents)
    .values({ id: 'evt_1', provider: 'stripe', type: 'payment_intent.succeeded' });
  await db.insert(rateLimits).values({ key: 'login:127.0.0.1', windowStart: new Date(), count: 3 });
  await db.insert(passwordTokens).values({
    id: 'a'.repeat(64),
    userId: noPassword.id,
    expiresAt: new Date(Date.UTC(2026, 5, 1)),
  });
  // A stored PDF (decision 075): bytea of every byte value.
  await db.insert(renderedDocuments).values({
    estimateId: pdfEstimate,
    kind: 'estimate',
    language: 'en',
    contentHash: 'f'.repeat(64),
    pdf: Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)),
  });
  // An upload still in flight, an object of every byte value, and one big enough to stream in many chunks.
  await store.put('incoming/upload-1', Buffer.from('raw upload'), 'application/octet-stream');
  await store.put(
    'photos/every-byte.png',
    Buffer.from(Array.from({ length: 256 }, (_, byte) => byte)),
    'image/png',
  );
  await store.put('photos/large.jpg', randomBytes(1024 * 1024 + 17), 'image/jpeg');
}

async function jpeg(seed: number): Promise<Buffer> {
  return sharp({
    create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 40 * seed, b: 90 } },
  })
    .jpeg()
    .toBuffer();
}

/** A table the app does not have, holding the types it does not use yet: bytea, serial, arrays, floats. */
export async function createProbeTable(db: Db): Promise<void> {
  await db.execute(sql`create table backup_probe (
    id serial primary key, data bytea, ratio double precision, at timestamp, tags text[], doc json, note text)`);
}

export async function fillProbeTable(db: Db): Promise<void> {
  // The note holds what the restore's COPY text must escape: a tab, line ends, a backslash, a literal \N.
  await db.execute(sql`insert into backup_probe (data, ratio, at, tags, doc, note) values
    (${Buffer.from([0, 1, 2, 254, 255])}, 0.1, '2026-01-01 00:00:00.000001', array['a,b', 'c"d', null], '{"b": 1, "a": [1.50]}', ${'tab\there\nline\r\nback\\slash \\N'}),
    ('\\x', -1.7976931348623157e308, null, array['a\\b', 'x\ty'], null, ''),
    (null, 'NaN', 'infinity', null, '"x"', null)`);
}

/** Every row of every table of the app's schema, as PostgreSQL writes it in UTC, in a stable order. */
export async function readTables(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    const tables = await rows<{ name: string }>(
      tx,
      sql`select tablename as "name" from pg_tables where schemaname = 'public' order by tablename`,
    );
    const result: Record<string, string[]> = {};
    for (const { name } of tables) {
      const lines = await rows<{ row: string }>(
        tx,
        sql.raw(`select row_to_json(t)::text as "row" from "${name}" t order by 1`),
      );
      result[name] = lines.map((line) => line.row);
    }
    return result;
  });
}

/** Every object of the store by key. */
export async function readObjects(store: ObjectStore): Promise<Map<string, Buffer>> {
  const keys: string[] = [];
  for await (const key of store.list()) keys.push(key);
  const objects = new Map<string, Buffer>();
  for (const key of keys.sort()) {
    const object = await store.get(key);
    if (object) objects.set(key, await buffer(object.body));
  }
  return objects;
}

async function rows<Row>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
