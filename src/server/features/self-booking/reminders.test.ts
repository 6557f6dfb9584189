import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import type { Database } from '#server/db/client.ts';
import { createEstimate, createVehicle } from '#server/db/factories.ts';
import { appointments, estimates, outbox, smsOptOuts } from '#server/db/schema.ts';
import type { SmsPayload } from '#server/features/notifications/outbox.ts';
import { openTestDatabase, testConfig } from '#server/test-support/app.ts';
import { dayAhead } from '#server/test-support/dates.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { as, createPerson, type Person } from '#server/test-support/people.ts';
import { sendDropOffReminders } from './shared.ts';

/**
 * The day-before reminder is a job: a function any server may run at any time. These tests run it
 * as the hourly task does, on one database, before and after the server is rebuilt (a restart).
 */

const config = testConfig();
const settings = { secret: config.sessionSecret, appUrl: config.appUrl };
const DROP_OFF_DAY = dayAhead(3);
const DAY_BEFORE = dayAhead(2);
/** 15:30 UTC is 10:30 or 11:30 AM in Florida: inside the reminder hours. */
const LATE_MORNING = new Date(`${DAY_BEFORE}T15:30:00Z`);

let database: Database & { url: string };
let server: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await buildApp({ config, database });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function bookedCustomer(
  email: string,
  language: 'en' | 'es' = 'en',
  phone: string | null = null,
  slot: '08:00-10:00' | '10:00-12:00' | '14:00-16:00' = '10:00-12:00',
) {
  const person = await createPerson({ app: server, database }, { email, firstName: 'Dana', language });
  const vehicle = await createVehicle(database.db, person.user.id, {
    year: 2020,
    make: 'Mazda',
    model: 'CX-5',
  });
  const estimate = await createEstimate(database.db, {
    userId: person.user.id,
    vehicleId: vehicle.id,
    status: 'approved',
    estimatedAmount: '800.00',
  });
  if (phone)
    await database.db.update(estimates).set({ smsPhone: phone }).where(eq(estimates.id, estimate.id));
  const res = await server.inject({
    method: 'POST',
    url: `/api/estimates/${estimate.id}/drop-off`,
    headers: as(person),
    payload: { date: DROP_OFF_DAY, slot },
  });
  if (res.statusCode !== 201) throw new Error(`booking: ${res.statusCode} ${res.body}`);
  return { person, estimate };
}

const reminderRows = (estimateId: string) =>
  database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.estimateId, estimateId), eq(outbox.topic, 'drop_off_reminder')));

describe('the day-before reminder', () => {
  let dana: { person: Person; estimate: { id: string } };

  it('waits for the reminder hours of the day before', async () => {
    dana = await bookedCustomer('dana-reminder@example.com', 'en', '+18135550177');
    expect(await sendDropOffReminders(database.db, settings, new Date(`${DAY_BEFORE}T11:00:00Z`))).toBe(0);
    expect(await sendDropOffReminders(database.db, settings, new Date(`${DAY_BEFORE}T23:30:00Z`))).toBe(0);
    // Two days before, at a good hour: not yet.
    expect(await sendDropOffReminders(database.db, settings, new Date(`${dayAhead(1)}T15:30:00Z`))).toBe(0);
    expect(await reminderRows(dana.estimate.id)).toHaveLength(0);
  });

  it('sends the e-mail and the text once, with the time, the address, what to bring and both links', async () => {
    // Two servers running the job at the same moment remind each booking once.
    const [one, two] = await Promise.all([
      sendDropOffReminders(database.db, settings, LATE_MORNING),
      sendDropOffReminders(database.db, settings, LATE_MORNING),
    ]);
    expect(one + two).toBe(1);
    const rows = await reminderRows(dana.estimate.id);
    expect(rows.map((row) => row.kind).sort()).toEqual(['email', 'sms']);
    const mail = (await queuedEmails(database.db, dana.estimate.id)).find(
      (m) => m.topic === 'drop_off_reminder',
    );
    expect(mail?.payload.subject).toBe('Reminder: your drop-off is tomorrow, 10:00 AM - 12:00 PM');
    const text = mail?.payload.text ?? '';
    expect(text).toContain('Mazda CX-5');
    expect(text).toContain('21730 State Road 54');
    expect(text).toContain("driver's license");
    // The confirm link names the booking it reminds of (the token names the estimate).
    const [reminded] = await database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.estimateId, dana.estimate.id), eq(appointments.status, 'scheduled')));
    expect(text).toContain(`?confirm=${reminded?.id}`);
    expect(text).toMatch(/Yes, I'll be there: http:\/\/\S+\/drop-off\/[\w.-]+\?confirm=[\w-]+/);
    expect(text).toMatch(/Pick another time: http:\/\/\S+\/drop-off\/[\w.-]+\n/);
    const sms = rows.find((row) => row.kind === 'sms')?.payload as SmsPayload;
    expect(sms.to).toBe('+18135550177');
    expect(sms.updates[0]).toMatch(/^Reminder: drop-off for .*Mazda CX-5 is tomorrow, 10:00 AM - 12:00 PM/);
    expect(sms.updates[0]).toMatch(/Confirm: \S+\?confirm=[\w-]+ Need another time\? \S+\/drop-off\/\S+$/);
    const [booked] = await database.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.estimateId, dana.estimate.id), eq(appointments.status, 'scheduled')));
    expect(booked?.remindedAt).toEqual(LATE_MORNING);
  });

  it('survives a restart: the rebuilt server reminds the rest and nobody twice', async () => {
    await server.close();
    server = await buildApp({ config, database });
    const later = await bookedCustomer('eli-reminder@example.com', 'es');
    const afternoon = new Date(LATE_MORNING.getTime() + 3 * 3_600_000);
    expect(await sendDropOffReminders(database.db, settings, afternoon)).toBe(1);
    expect(await sendDropOffReminders(database.db, settings, afternoon)).toBe(0);
    expect(await reminderRows(dana.estimate.id)).toHaveLength(2);
    // In Spanish for a Spanish-speaking customer; no text without a number.
    const rows = await reminderRows(later.estimate.id);
    expect(rows.map((row) => row.kind)).toEqual(['email']);
    const mail = (await queuedEmails(database.db, later.estimate.id)).find(
      (m) => m.topic === 'drop_off_reminder',
    );
    expect(mail?.payload.subject).toBe('Recordatorio: mañana trae su vehículo, 10:00 a.m. - 12:00 p.m.');
    expect(mail?.payload.text).toContain('Sí, allí estaré');
  });

  it('skips cancelled bookings, and texts nobody who said STOP', async () => {
    const gone = await bookedCustomer('fay-reminder@example.com', 'en', null, '08:00-10:00');
    const cancelled = await server.inject({
      method: 'DELETE',
      url: `/api/estimates/${gone.estimate.id}/drop-off`,
      headers: as(gone.person),
    });
    expect(cancelled.statusCode).toBe(200);
    const stopped = await bookedCustomer('gus-reminder@example.com', 'en', '+18135550188', '14:00-16:00');
    await database.db.insert(smsOptOuts).values({ phone: '+18135550188' });
    const evening = new Date(LATE_MORNING.getTime() + 6 * 3_600_000);
    expect(await sendDropOffReminders(database.db, settings, evening)).toBe(1);
    expect(await reminderRows(gone.estimate.id)).toHaveLength(0);
    expect((await reminderRows(stopped.estimate.id)).map((row) => row.kind)).toEqual(['email']);
  });

  it('withdraws a reminder still waiting in the outbox when the booking is cancelled', async () => {
    // No worker runs here: the reminder just queued is still pending, as one waiting for a retry is.
    const cancelled = await server.inject({
      method: 'DELETE',
      url: `/api/estimates/${dana.estimate.id}/drop-off`,
      headers: as(dana.person),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const rows = await reminderRows(dana.estimate.id);
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
  });
});
