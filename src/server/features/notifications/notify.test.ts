import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SHOP } from '#domain/shop.ts';
import type { Db } from '#server/db/client.ts';
import { createEstimate, createUploadedPhoto, createVehicle } from '#server/db/factories.ts';
import { appointments, estimateEvents, estimates, outbox, payments, users } from '#server/db/schema.ts';
import { printRepairDocument, snapshotRepairDocument } from '#server/features/documents/shared.ts';
import { loadTimeline } from '#server/features/estimates/timeline.ts';
import { settleIntent } from '#server/features/payments/settle-intent.ts';
import { issueStatusLink } from '#server/features/status-links/shared.ts';
import { testConfig } from '#server/test-support/app.ts';
import { clearOutbox, queuedDriveSaves, queuedEmails } from '#server/test-support/outbox.ts';
import { pdfText } from '#server/test-support/pdf.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpPerson, setUpTestShop } from '#server/test-support/test-shop.ts';
import {
  notifyDropOffScheduled,
  notifyPasswordLink,
  notifyQuoteReady,
  notifyRepairCompleted,
  SHOP_MESSAGE_MAIL_INTERVAL_MINUTES,
} from './notify.ts';
import type { EmailPayload } from './outbox.ts';
import { printPendingPdf, withPrintedPdfs } from './pending-pdfs.ts';
import { configureNotifications } from './settings.ts';

const APP_URL = 'https://shop.example';
const SHOP = { ...DEFAULT_SHOP, name: 'Lakeside Family Collision', phone: '(813) 555-0193' };

const t = setUpTestShop({ appUrl: APP_URL, shop: SHOP });
const { alice, admin } = setUpCast(t);
/** A customer who reads Spanish. */
const lucia = setUpPerson(t, { email: 'lucia@example.com', firstName: 'Lucía', language: 'es' });
beforeEach(async () => {
  await clearOutbox(t.database.db);
});

const db = () => t.database.db;

async function quotedEstimate(
  fields: {
    estimatedAmount?: string;
    customerDeductible?: string | null;
    insuranceCoverage?: string | null;
  } = {},
  owner: Person = alice,
) {
  const vehicle = await createVehicle(db(), owner.user.id, { licensePlate: 'LKS1993' });
  return createEstimate(db(), {
    userId: owner.user.id,
    vehicleId: vehicle.id,
    status: 'quoted',
    estimatedAmount: fields.estimatedAmount ?? '1250.00',
    customerDeductible: fields.customerDeductible ?? null,
    insuranceCoverage: fields.insuranceCoverage ?? null,
    insuranceCompany: fields.insuranceCoverage ? 'GEICO' : null,
  });
}

describe('estimate received', () => {
  const submit = async (person: Person, extra: object = {}) => {
    const photo = await createUploadedPhoto(db(), { uploaderId: person.user.id });
    return t.app.inject({
      method: 'POST',
      url: '/api/estimates/batch-create',
      headers: as(person),
      payload: {
        vehicleInfo: { year: '2019', make: 'Toyota', model: 'Camry', licensePlate: 'ABC123' },
        photos: [`/api/photos/${photo.id}`],
        vinNumber: '4T1B11HKXKU000001',
        odometerReading: '42000',
        email: 'alice.contact@example.com',
        phone: '(813) 555-0100',
        insuranceCompany: '',
        workDescription: 'Rear bumper <cracked>',
        estimateType: 'cash',
        ...extra,
      },
    });
  };

  it('a customer submission queues their confirmation and the shop alert, with links back', async () => {
    const res = await submit(alice);
    expect(res.statusCode).toBe(201);
    const id = res.json().estimate.id as string;
    const [toCustomer, toShop] = await queuedEmails(db(), id);
    expect(toCustomer).toMatchObject({ topic: 'estimate_received', status: 'pending', attempts: 0 });
    expect(toCustomer?.payload).toMatchObject({
      // The account's e-mail, not the one the form carried: a customer cannot pick the recipient.
      to: 'alice@example.com',
      from: `"${SHOP.name}" <${SHOP.email}>`,
      replyTo: SHOP.email,
      subject: `We received your estimate request #${id.slice(0, 8).toUpperCase()}`,
    });
    expect(toCustomer?.payload.text).toContain(`${APP_URL}/estimate/${id}`);
    expect(toCustomer?.payload.html).toContain(`href="${APP_URL}/estimate/${id}"`);
    expect(toShop).toMatchObject({ topic: 'shop_new_estimate' });
    expect(toShop?.payload).toMatchObject({ to: SHOP.email, replyTo: 'alice@example.com' });
    expect(toShop?.payload.text).toContain(`${APP_URL}/admin/estimate/${id}`);
    expect(toShop?.payload.text).toContain('Rear bumper <cracked>');
    expect(toShop?.payload.html).toContain('Rear bumper &lt;cracked&gt;');
  });

  it('an estimate the shop enters itself tells the customer only (a new customer: the welcome)', async () => {
    const res = await submit(admin, { email: 'alice@example.com' });
    expect(res.statusCode).toBe(201);
    const topics = (await queuedEmails(db(), res.json().estimate.id)).map((row) => row.topic);
    expect(topics).toEqual(['estimate_received']);
    const walkIn = await submit(admin, { email: 'new.customer@example.com' });
    const welcome = (await queuedEmails(db(), walkIn.json().estimate.id)).map((row) => row.topic);
    expect(welcome).toEqual(['welcome']);
  });

  it('a refused submission queues nothing', async () => {
    const res = await submit(admin, { customerId: '00000000-0000-4000-8000-000000000000' });
    expect(res.statusCode).toBe(400);
    expect(await queuedEmails(db())).toEqual([]);
  });
});

describe('outbox rows live and die with the change', () => {
  it('a rolled-back transaction leaves no mail and no Drive save', async () => {
    const estimate = await quotedEstimate();
    configureNotifications({ ...settings(), driveEnabled: true });
    try {
      await db()
        .transaction(async (tx) => {
          await notifyQuoteReady(tx, estimate.id);
          throw new Error('the change failed after the mail was queued');
        })
        .catch(() => undefined);
      expect(await db().select().from(outbox)).toEqual([]);
    } finally {
      configureNotifications(settings());
    }
  });
});

describe('quote ready', () => {
  it('gives the total and, for insurance work, the deductible and coverage', async () => {
    const estimate = await quotedEstimate({
      estimatedAmount: '2450.50',
      customerDeductible: '500.00',
      insuranceCoverage: '1950.50',
    });
    await db().transaction((tx) => notifyQuoteReady(tx, estimate.id));
    const [mail] = await queuedEmails(db(), estimate.id);
    expect(mail?.payload.subject).toBe('Your estimate is ready: $2,450.50');
    expect(mail?.payload.text).toContain('Estimate total: $2,450.50');
    expect(mail?.payload.text).toContain('Your deductible: $500.00');
    expect(mail?.payload.text).toContain('Insurance coverage (GEICO): $1,950.50');
    expect(mail?.payload.text).toContain(`${APP_URL}/estimate/${estimate.id}`);
    expect(mail?.payload.text).toContain(
      `${SHOP.name}\n${SHOP.phone} · ${SHOP.email}\n${SHOP.street}, ${SHOP.city}`,
    );
    expect(mail?.payload.html).toContain('$2,450.50');
    expect(mail?.payload.text).toContain('The written estimate is attached as a PDF');
    const [attachment] = (await sent(mail?.payload)).attachments ?? [];
    expect(attachment).toMatchObject({
      filename: `estimate-${estimate.id.slice(0, 8).toUpperCase()}.pdf`,
      contentType: 'application/pdf',
      encoding: 'base64',
    });
    const text = await pdfText(Buffer.from(attachment?.content ?? '', 'base64'));
    expect(text).toContain('Written Repair Estimate');
    expect(text).toContain('$2,450.50');
  });

  it('queues the Drive copy only when Google is connected', async () => {
    const estimate = await quotedEstimate();
    await db().transaction((tx) => notifyQuoteReady(tx, estimate.id));
    expect(await queuedDriveSaves(db())).toEqual([]);

    configureNotifications({ ...settings(), driveEnabled: true });
    try {
      await db().transaction((tx) => notifyQuoteReady(tx, estimate.id));
    } finally {
      configureNotifications(settings());
    }
    const [save] = await queuedDriveSaves(db());
    expect(save?.payload.name).toBe(
      `Estimate ${estimate.id.slice(0, 8).toUpperCase()} - 2019 Toyota Camry - Alice Adams.json`,
    );
    expect(save?.payload.pdf?.name).toBe(
      `Estimate ${estimate.id.slice(0, 8).toUpperCase()} - 2019 Toyota Camry - Alice Adams.pdf`,
    );
    // Printed by the job that saves it, like the e-mail's (decision 075).
    expect(save?.payload.pdf?.content).toBeUndefined();
    const pending = save?.payload.pdf?.pending;
    if (!pending) throw new Error('the Drive copy names no PDF');
    expect((await printPendingPdf(db(), pending)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(save?.payload.document).toMatchObject({
      estimate: { id: estimate.id, status: 'quoted', estimatedAmount: '1250.00' },
      customer: { firstName: 'Alice', lastName: 'Adams', email: 'alice@example.com' },
      vehicle: { year: 2019, make: 'Toyota', model: 'Camry', licensePlate: 'LKS1993' },
    });
  });
});

describe('drop-off, completion and payment', () => {
  it('a scheduled drop-off gives the date, the slot and the instructions', async () => {
    const estimate = await quotedEstimate();
    const [appointment] = await db()
      .insert(appointments)
      .values({
        estimateId: estimate.id,
        dropOffDate: '2026-03-02',
        slot: '14:00-16:00',
        instructions: 'Leave the keys at the front desk.\nPark by the <blue> door.',
      })
      .returning();
    await db().transaction((tx) => notifyDropOffScheduled(tx, estimate.id, appointment?.id ?? ''));
    const [mail] = await queuedEmails(db(), estimate.id);
    expect(mail?.payload.subject).toBe('Drop-off scheduled: Monday, March 2, 2026');
    expect(mail?.payload.text).toContain('Time: 2:00 PM - 4:00 PM');
    expect(mail?.payload.text).toContain('> Park by the <blue> door.');
    expect(mail?.payload.html).toContain(
      'Leave the keys at the front desk.<br>Park by the &lt;blue&gt; door.',
    );
  });

  it('puts the ready notice after the completed status it follows on the timeline', async () => {
    const estimate = await quotedEstimate({ estimatedAmount: '900.00' });
    // Taken before the status change, as a caller's clock may be: the notice still comes after it.
    const calledAt = new Date(Date.now() - 1);
    await db().transaction(async (tx) => {
      await tx.insert(estimateEvents).values({ estimateId: estimate.id, kind: 'status', name: 'completed' });
      await notifyRepairCompleted(tx, estimate.id, calledAt);
    });
    const { timeline } = await loadTimeline(db(), estimate.id, false);
    expect(timeline.slice(-2).map((entry) => `${entry.kind} ${entry.name}`)).toEqual([
      'status completed',
      'ready_notice ready_notified',
    ]);
  });

  it('a completed repair mentions the balance still due', async () => {
    const estimate = await quotedEstimate({ estimatedAmount: '900.00' });
    await db().transaction((tx) => notifyRepairCompleted(tx, estimate.id));
    const [mail] = await queuedEmails(db(), estimate.id);
    expect(mail?.payload.subject).toBe('Your 2019 Toyota Camry is ready');
    expect(mail?.payload.text).toContain('Balance due: $900.00');
    // The estimate page the e-mail links to offers that payment (a completed estimate is payable).
    expect(mail?.payload.text).toContain('with "Make Payment" on your estimate page');
    expect(mail?.payload.text).toContain(`/estimate/${estimate.id}`);
    const [invoice] = (await sent(mail?.payload)).attachments ?? [];
    expect(invoice?.filename).toBe(`invoice-${estimate.id.slice(0, 8).toUpperCase()}.pdf`);
    const text = await pdfText(Buffer.from(invoice?.content ?? '', 'base64'));
    expect(text).toContain('Repair Invoice');
    expect(text).toContain('Balance due');
  });

  it('a payment that succeeds queues one receipt, however often the success is reported', async () => {
    const estimate = await quotedEstimate({ estimatedAmount: '1000.00', customerDeductible: '250.00' });
    await db().insert(payments).values({
      estimateId: estimate.id,
      userId: alice.user.id,
      provider: 'test',
      providerIntentId: 'pi_receipt_test',
      amountCents: 25_000,
    });
    const succeeded = {
      id: 'pi_receipt_test',
      status: 'succeeded' as const,
      failureMessage: null,
      card: { brand: 'visa', last4: '4242' },
    };
    await settleIntent(db(), succeeded);
    await settleIntent(db(), succeeded);
    const mails = await queuedEmails(db(), estimate.id);
    expect(mails.map((m) => m.topic)).toEqual(['payment_receipt']);
    expect(mails[0]?.payload.subject).toBe('Payment receipt: $250.00');
    expect(mails[0]?.payload.text).toContain('Paid with: Visa ending 4242');
    expect(mails[0]?.payload.text).toContain('TEST MODE: no money was charged.');
    expect(mails[0]?.payload.text).not.toContain('Balance still due');
  });
});

describe("in the customer's language", () => {
  const setLanguage = (person: Person, language: 'en' | 'es') =>
    db().update(users).set({ language }).where(eq(users.id, person.user.id));
  /** The links and amounts a mail carries; status links are new for each message, so their tokens go. */
  const linksAndAmounts = (text = '') =>
    [...text.matchAll(/https?:\/\/\S+|\$[\d,]+\.\d\d/g)].map(([found]) =>
      found.replace(/\/status\/\S+/, '/status/…'),
    );

  it('a Spanish-speaking customer reads the quote in Spanish, with the same links, amounts and PDF', async () => {
    const estimate = await quotedEstimate(
      { estimatedAmount: '2450.50', customerDeductible: '500.00', insuranceCoverage: '1950.50' },
      lucia,
    );
    try {
      await db().transaction((tx) => notifyQuoteReady(tx, estimate.id));
      await setLanguage(lucia, 'en');
      await db().transaction((tx) => notifyQuoteReady(tx, estimate.id));
    } finally {
      await setLanguage(lucia, 'es');
    }
    const [spanish, english] = await queuedEmails(db(), estimate.id);
    expect(spanish?.payload.subject).toBe('Su presupuesto está listo: $2,450.50');
    expect(spanish?.payload.text).toMatch(
      /^Hola, Lucía:\n\nEl presupuesto para su 2019 Toyota Camry está listo\./,
    );
    for (const line of [
      'Total del presupuesto: $2,450.50',
      'Su deducible: $500.00',
      'Lo que cubre el seguro (GEICO): $1,950.50',
      `Ver su presupuesto: ${APP_URL}/estimate/${estimate.id}`,
      `Siga la reparación sin iniciar sesión: ${APP_URL}/status/`,
    ]) {
      expect(spanish?.payload.text).toContain(line);
    }
    expect(spanish?.payload.html).toContain('<html lang="es">');
    expect(spanish?.payload.html).toContain('Ver su presupuesto</a>');
    expect(english?.payload.subject).toBe('Your estimate is ready: $2,450.50');
    expect(english?.payload.html).toContain('<html lang="en">');
    expect(linksAndAmounts(spanish?.payload.text)).toEqual(linksAndAmounts(english?.payload.text));

    const [attachment] = (await sent(spanish?.payload)).attachments ?? [];
    expect(attachment?.filename).toBe(`estimate-${estimate.id.slice(0, 8).toUpperCase()}.pdf`);
    const text = await pdfText(Buffer.from(attachment?.content ?? '', 'base64'));
    expect(text).toContain('Presupuesto Escrito de Reparación');
    expect(text).toContain('$2,450.50');
    expect(text).toContain('whichever is greater, up to $50, without your consent');
  });

  it('the drop-off, the completion and the password link in Spanish', async () => {
    const estimate = await quotedEstimate({ estimatedAmount: '900.00' }, lucia);
    const [appointment] = await db()
      .insert(appointments)
      .values({
        estimateId: estimate.id,
        dropOffDate: '2026-03-02',
        slot: '08:00-10:00',
        instructions: 'Llaves en la oficina.',
      })
      .returning();
    await db().transaction(async (tx) => {
      await notifyDropOffScheduled(tx, estimate.id, appointment?.id ?? '');
      await notifyRepairCompleted(tx, estimate.id);
      await notifyPasswordLink(tx, lucia.user.id, 'raw-token');
    });
    const [dropOff, completed] = await queuedEmails(db(), estimate.id);
    expect(dropOff?.payload.subject).toBe('Cita para traer su vehículo: lunes, 2 de marzo de 2026');
    expect(dropOff?.payload.text).toContain('Hora: 8:00 a.m. - 10:00 a.m.');
    expect(completed?.payload.subject).toBe('Ya puede recoger su 2019 Toyota Camry');
    expect(completed?.payload.text).toContain('Saldo pendiente: $900.00');
    const invoice = await pdfText(
      Buffer.from((await sent(completed?.payload)).attachments?.[0]?.content ?? '', 'base64'),
    );
    expect(invoice).toContain('Factura de Reparación');
    expect(invoice).toContain('Saldo pendiente');
    const password = (await queuedEmails(db())).find((mail) => mail.topic === 'password_link');
    expect(password?.payload.subject).toBe(`Cree su contraseña para ${SHOP.name}`);
    expect(password?.payload.text).toContain(`Crear su contraseña: ${APP_URL}/auth?token=raw-token`);
  });

  it("the shop's own mail about a Spanish-speaking customer stays English", async () => {
    const estimate = await quotedEstimate({}, lucia);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/estimates/${estimate.id}`,
      headers: as(lucia),
      payload: { status: 'approved' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await queuedEmails(db(), estimate.id);
    expect(mail?.payload.subject).toBe(
      `Estimate #${estimate.id.slice(0, 8).toUpperCase()} approved by Lucía`,
    );
    expect(mail?.payload.html).toContain('<html lang="en">');
  });
});

describe("the customer's answer and messages", () => {
  it('approving or declining tells the shop; the shop changing a status does not', async () => {
    const approvedOne = await quotedEstimate();
    const declinedOne = await quotedEstimate();
    const recordedOne = await quotedEstimate();
    const patch = (id: string, person: Person, status: string, extra: object = {}) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/estimates/${id}`,
        headers: as(person),
        payload: { status, ...extra },
      });
    expect((await patch(approvedOne.id, alice, 'approved')).statusCode).toBe(200);
    expect((await patch(declinedOne.id, alice, 'declined')).statusCode).toBe(200);
    expect((await patch(declinedOne.id, admin, 'quoted')).statusCode).toBe(200);
    // The shop recording the customer's approval (given by phone) is not the customer answering.
    const consent = { method: 'phone', name: 'Alice Adams' };
    expect((await patch(recordedOne.id, admin, 'approved', { consent })).statusCode).toBe(200);
    expect((await queuedEmails(db(), recordedOne.id)).map((m) => m.topic)).not.toContain(
      'shop_customer_response',
    );
    const [approved] = await queuedEmails(db(), approvedOne.id);
    expect(approved).toMatchObject({ topic: 'shop_customer_response' });
    expect(approved?.payload.subject).toBe(
      `Estimate #${approvedOne.id.slice(0, 8).toUpperCase()} approved by Alice Adams`,
    );
    expect(approved?.payload.text).toContain('Alice Adams approved the estimate of $1,250.00');
    const declined = (await queuedEmails(db(), declinedOne.id)).filter(
      (m) => m.topic === 'shop_customer_response',
    );
    expect(declined.map((m) => m.payload.subject)).toEqual([
      `Estimate #${declinedOne.id.slice(0, 8).toUpperCase()} declined by Alice Adams`,
    ]);
  });

  it('the shop setting quoted or completed through PATCH tells the customer, once', async () => {
    const estimate = await quotedEstimate();
    await db().update(estimates).set({ status: 'pending' }).where(eq(estimates.id, estimate.id));
    const patch = (status: string, extra: object = {}) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/estimates/${estimate.id}`,
        headers: as(admin),
        payload: { status, ...extra },
      });
    expect((await patch('quoted')).statusCode).toBe(200);
    expect((await patch('quoted')).statusCode).toBe(200);
    const consent = { method: 'in_person', name: 'Alice Adams' };
    expect((await patch('approved', { consent })).statusCode).toBe(200);
    expect((await patch('completed')).statusCode).toBe(200);
    expect((await queuedEmails(db(), estimate.id)).map((m) => m.topic)).toEqual([
      'quote_ready',
      'repair_completed',
    ]);
  });

  const say = (id: string, person: Person, content: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/estimates/${id}/messages`,
      headers: as(person),
      payload: { content },
    });

  it('each customer message reaches the shop', async () => {
    const estimate = await quotedEstimate();
    expect((await say(estimate.id, alice, 'Can I come on Friday?')).statusCode).toBe(201);
    expect((await say(estimate.id, alice, 'Or Monday <b>morning</b>')).statusCode).toBe(201);
    const mails = await queuedEmails(db(), estimate.id);
    expect(mails.map((m) => m.topic)).toEqual(['shop_customer_message', 'shop_customer_message']);
    expect(mails[1]?.payload.html).toContain('Or Monday &lt;b&gt;morning&lt;/b&gt;');
    expect(mails[1]?.payload.html).not.toContain('<b>morning</b>');
  });

  it(`the customer gets at most one "new message" e-mail per estimate in ${SHOP_MESSAGE_MAIL_INTERVAL_MINUTES} minutes`, async () => {
    const estimate = await quotedEstimate();
    const other = await quotedEstimate();
    expect((await say(estimate.id, admin, 'Your parts arrived.')).statusCode).toBe(201);
    expect((await say(estimate.id, admin, 'We start tomorrow.')).statusCode).toBe(201);
    expect((await say(other.id, admin, 'Other car: parts ordered.')).statusCode).toBe(201);
    const first = await queuedEmails(db(), estimate.id);
    expect(first.map((m) => m.topic)).toEqual(['shop_message']);
    expect(first[0]?.payload.text).toContain('> Your parts arrived.');
    expect(await queuedEmails(db(), other.id)).toHaveLength(1);

    // Eleven minutes later the next message is worth an e-mail again.
    await db()
      .update(outbox)
      .set({ createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(outbox.estimateId, estimate.id));
    expect((await say(estimate.id, admin, 'All done.')).statusCode).toBe(201);
    expect((await queuedEmails(db(), estimate.id)).map((m) => m.topic)).toEqual([
      'shop_message',
      'shop_message',
    ]);
  });
});

/** The e-mail as the job sends it: its PDFs printed and attached. */
async function sent(payload: EmailPayload | undefined): Promise<EmailPayload> {
  if (!payload) throw new Error('no such e-mail was queued');
  return withPrintedPdfs(db(), payload);
}

function settings() {
  return {
    appUrl: APP_URL,
    shop: SHOP,
    mailFrom: `"${SHOP.name}" <${SHOP.email}>`,
    shopNotifyEmail: SHOP.email,
    driveEnabled: false,
    snapshotDocument: (tx: Db, estimateId: string, kind: 'estimate' | 'invoice') =>
      snapshotRepairDocument(tx, estimateId, kind, { shop: SHOP, laborRate: '65.00' }),
    printDocument: printRepairDocument,
    statusLink: (tx: Db, estimateId: string) =>
      issueStatusLink(tx, { secret: testConfig().sessionSecret, appUrl: APP_URL }, estimateId, null),
  };
}
