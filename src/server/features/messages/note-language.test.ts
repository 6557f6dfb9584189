import { describe, expect, it } from 'vitest';
import { createEstimate } from '#server/db/factories.ts';
import { dayAhead } from '#server/test-support/dates.ts';
import { queuedEmails } from '#server/test-support/outbox.ts';
import { as, type Person } from '#server/test-support/people.ts';
import { setUpCast, setUpPerson, setUpTestShop } from '#server/test-support/test-shop.ts';

/**
 * The notes the app writes in the thread are answered in the reader's language (decision 068): a
 * Spanish-speaking customer reads Spanish, the shop English, an English-speaking customer English.
 */

const t = setUpTestShop();
const { alice, admin } = setUpCast(t);
const maria = setUpPerson(t, { email: 'maria@example.com', firstName: 'María', language: 'es' });

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: as(admin), payload });
const thread = async (id: string, person: Person) => {
  const res = await t.app.inject({ url: `/api/estimates/${id}/messages`, headers: as(person) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { content: string; isFromAdmin: boolean }[]).map((message) => message.content);
};

/** Quoted, approved on the phone, booked, put off, and a check recorded: five notes and their e-mails. */
async function walkThrough(userId: string): Promise<string> {
  const estimate = await createEstimate(t.database.db, { userId });
  const steps = [
    [`quote`, { estimatedAmount: '2450.00', customerDeductible: '500.00', insuranceCoverage: '1950.00' }],
    [`status`, { status: 'approved', consent: { method: 'phone', name: 'María López' } }],
    [`schedule`, { date: dayAhead(5), slot: '08:00-10:00', instructions: 'Deje las llaves en la oficina.' }],
    [`reschedule`, {}],
    [`payments`, { amount: '500.00', method: 'check', reference: '1042' }],
  ] as const;
  for (const [action, payload] of steps) {
    const res = await post(`/api/admin/estimates/${estimate.id}/${action}`, payload);
    expect(res.statusCode, `${action}: ${res.body}`).toBeLessThan(300);
  }
  return estimate.id;
}

const ENGLISH =
  /Estimate provided|deductible|Insurance coverage|Status changed|Drop-off|Rescheduling|We need|Approved|Payment received|\bcheck\b|\b(AM|PM)\b|Friday/;

describe("the app's notes in the thread", () => {
  it('are Spanish for a Spanish-speaking customer and English for the shop', async () => {
    const id = await walkThrough(maria.user.id);

    const spanish = await thread(id, maria);
    expect(spanish).toHaveLength(5);
    expect(spanish[0]).toBe(
      'Presupuesto enviado: $2,450.00\nSu deducible: $500.00 · Lo que cubre el seguro: $1,950.00',
    );
    expect(spanish[1]).toBe('Nuevo estado: Aprobado');
    expect(spanish[2]).toMatch(/^Entrega del vehículo programada: viernes, \d{1,2} de [a-z]+ de \d{4}, 8:00/);
    expect(spanish[2]).toContain('\nDeje las llaves en la oficina.');
    expect(spanish[3]).toMatch(/^El taller necesita cambiar la cita de entrega\n/);
    expect(spanish[4]).toBe('Pago recibido: $500.00 (cheque 1042)');
    for (const text of spanish) expect(text).not.toMatch(ENGLISH);

    const english = await thread(id, admin);
    expect(english[0]).toBe(
      'Estimate provided: $2,450.00\nYour deductible: $500.00 · Insurance coverage: $1,950.00',
    );
    expect(english[1]).toBe('Status changed to: Approved');
    expect(english[2]).toMatch(
      /^Drop-off scheduling: Friday, [A-Z][a-z]+ \d{1,2}, \d{4}, 8:00 AM - 10:00 AM\n/,
    );
    expect(english[3]).toMatch(/^Rescheduling requested by admin\n/);
    expect(english[4]).toBe('Payment received: $500.00 (check 1042)');
  });

  it('are English for an English-speaking customer', async () => {
    const id = await walkThrough(alice.user.id);
    expect(await thread(id, alice)).toEqual(await thread(id, admin));
  });

  it("are quoted in the customer's language in the new-message e-mail", async () => {
    const id = await walkThrough(maria.user.id);
    const mails = (await queuedEmails(t.database.db, id)).filter((mail) => mail.topic === 'shop_message');
    // One e-mail for the burst (the rest are on the page): the first note it tells of.
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.payload.text).toContain('Nuevo estado: Aprobado');
    expect(mail?.payload.html).toContain('Nuevo estado: Aprobado');
    expect(mail?.payload.text).not.toMatch(ENGLISH);
  });
});
