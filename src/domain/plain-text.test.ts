import { describe, expect, it } from 'vitest';
import { changeStatusSchema } from './admin-estimates.ts';
import { registerSchema } from './auth.ts';
import { batchCreateEstimateSchema, updateVehicleSchema } from './estimate-requests.ts';
import { createMessageSchema } from './messages.ts';
import { multiLineTextMessage, oneLineTextMessage } from './plain-text.ts';
import { spanishProblem } from './problem-messages.ts';

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
});
