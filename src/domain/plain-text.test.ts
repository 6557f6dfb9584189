import { describe, expect, it } from 'vitest';
import { changeStatusSchema } from './admin-estimates.ts';
import { registerSchema } from './auth.ts';
import { batchCreateEstimateSchema, updateVehicleSchema } from './estimate-requests.ts';
import { createMessageSchema } from './messages.ts';
import { multiLineTextMessage, oneLineTextMessage } from './plain-text.ts';
import { spanishProblem } from './problem-messages.ts';
import { recordPaymentSchema } from './recorded-payments.ts';

const request = {
  vehicleInfo: { year: 2020, make: 'Kia', model: 'Soul', licensePlate: 'ABC123' },
  photos: ['/api/photos/00000000-0000-4000-8000-000000000001'],
  vinNumber: 'KNDJN2A24L7000001',
  odometerReading: '31000',
};
const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('security: control characters in text fields', () => {
  it('refuses a carriage return, tab, line break or other control character in one-line fields, naming the field', () => {
    for (const bad of ['Ki\ra', 'Ki\ta', 'Ki\na', 'Ki\u0007a', 'Ki\u007fa', 'Ki\u0085a', 'Ki\u2028a']) {
      const make = batchCreateEstimateSchema.safeParse({
        ...request,
        vehicleInfo: { ...request.vehicleInfo, make: bad },
      });
      expect(firstMessage(make), JSON.stringify(bad)).toBe(oneLineTextMessage('Make'));
    }
    expect(
      firstMessage(batchCreateEstimateSchema.safeParse({ ...request, vinNumber: 'KNDJN2A20\rL7000' })),
    ).toBe(oneLineTextMessage('VIN'));
    expect(firstMessage(batchCreateEstimateSchema.safeParse({ ...request, phone: '813\t555 0101' }))).toBe(
      oneLineTextMessage('Phone'),
    );
    expect(firstMessage(updateVehicleSchema.safeParse({ licensePlate: 'AB\r123' }))).toBe(
      oneLineTextMessage('License plate'),
    );
    const name = registerSchema.safeParse({
      email: 'a@example.com',
      password: 'garage-door-1993',
      firstName: 'Ana\u0008',
      lastName: 'Ruiz',
    });
    expect(firstMessage(name)).toBe(oneLineTextMessage('First name'));
  });

  it('takes line breaks, and nothing else of the kind, in descriptions, notes and messages', () => {
    const described = batchCreateEstimateSchema.parse({ ...request, workDescription: 'Dent\nScratch' });
    expect(described.workDescription).toBe('Dent\nScratch');
    expect(
      firstMessage(batchCreateEstimateSchema.safeParse({ ...request, workDescription: 'Dent\r\nScratch' })),
    ).toBe(multiLineTextMessage('Description'));
    expect(createMessageSchema.parse({ content: 'Hello\nthere' }).content).toBe('Hello\nthere');
    expect(firstMessage(createMessageSchema.safeParse({ content: 'Hello\tthere' }))).toBe(
      multiLineTextMessage('Message'),
    );
    expect(firstMessage(changeStatusSchema.safeParse({ status: 'quoted', note: 'a\u001bb' }))).toBe(
      multiLineTextMessage('Notes'),
    );
  });

  it('still takes ordinary text: accents, emoji, other scripts, and surrounding whitespace trimmed', () => {
    const parsed = batchCreateEstimateSchema.parse({
      ...request,
      vehicleInfo: { ...request.vehicleInfo, make: ' Citroën 🚗 ', model: 'שלום' },
    });
    expect(parsed.vehicleInfo).toMatchObject({ make: 'Citroën 🚗', model: 'שלום' });
  });

  it('says it in Spanish too', () => {
    expect(spanishProblem(oneLineTextMessage('License plate'))).toBe(
      'Placa: use una sola línea de texto, sin tabulaciones, saltos de línea ni otros caracteres de control.',
    );
    expect(spanishProblem(multiLineTextMessage('Message'))).toBe(
      'Mensaje: puede usar saltos de línea, pero no tabulaciones, retornos de carro ni otros caracteres de control.',
    );
  });

  it('refuses the bidirectional overrides and isolates, which make text read in another order', () => {
    for (const bad of ['abc\u202Edef', 'abc\u202Adef', 'abc\u2066def', 'abc\u2069def']) {
      expect(firstMessage(createMessageSchema.safeParse({ content: bad })), JSON.stringify(bad)).toBe(
        multiLineTextMessage('Message'),
      );
    }
    // The right-to-left mark, which Hebrew or Arabic text may carry, is not one of them.
    expect(createMessageSchema.safeParse({ content: 'שלום\u200F 123' }).success).toBe(true);
  });

  it('refuses a message that shows nothing: zero-width spaces, fillers, a blank Braille pattern', () => {
    for (const blank of ['\u200b\u200b', '\u3164', '\u2800 \u200d', '\ufeff\u00a0']) {
      expect(firstMessage(createMessageSchema.safeParse({ content: blank })), JSON.stringify(blank)).toBe(
        'Message cannot be empty',
      );
    }
    expect(createMessageSchema.parse({ content: '👍' }).content).toBe('👍');
  });

  it("refuses control characters in a recorded payment's reference and note", () => {
    const payment = { amount: '10.00', method: 'check' };
    expect(firstMessage(recordPaymentSchema.safeParse({ ...payment, reference: 'A\r\nB\tC' }))).toBe(
      oneLineTextMessage('Reference'),
    );
    expect(firstMessage(recordPaymentSchema.safeParse({ ...payment, note: 'paid\tin full' }))).toBe(
      multiLineTextMessage('Note'),
    );
    expect(recordPaymentSchema.parse({ ...payment, reference: '#1042', note: 'Two\nlines' })).toMatchObject({
      reference: '#1042',
      note: 'Two\nlines',
    });
    expect(spanishProblem(oneLineTextMessage('Reference'))).toMatch(/^Referencia: /);
  });
});
