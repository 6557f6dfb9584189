import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spanishProblem } from './problem-messages.ts';

/**
 * Every message a customer can be answered with has a Spanish text. The messages are read from the
 * source: the domain's schemas and the customer-facing server features. A pragmatic reading: a
 * message is a sentence-like literal (a capital letter or a field name, then words) given to zod
 * (`error:`, `message:`, a check's second argument), to an AppError, to a rate limit's `tooMany`, or
 * kept in a capitalised constant. A template's `${…}` parts are filled with a number: the catalogue's
 * patterns must read it.
 */
const ROOT = path.resolve(import.meta.dirname, '..');

const DOMAIN_FILES = [
  'auth.ts',
  'drop-off-booking.ts',
  'drop-off-slots.ts',
  'estimate-requests.ts',
  'estimate-schema.ts',
  'estimate-status.ts',
  'estimate-status-schema.ts',
  'messages.ts',
  'payments.ts',
  'photos.ts',
  'repair-authorization.ts',
  'status-links.ts',
  'status-transitions.ts',
  'supplements.ts',
  'vin.ts',
].map((file) => path.join(ROOT, 'domain', file));

// The documents' own words (the PDF) are translated with the documents; their refusals are the estimates'.
const SERVER_FEATURES = [
  'auth',
  'drop-off-calendar',
  'estimates',
  'messages',
  'payments',
  'photos',
  'repair-authorizations',
  'status-links',
  'uploads',
  'users',
  'vehicles',
];
const SERVER_FILES = [
  ...SERVER_FEATURES.flatMap((feature) => {
    const dir = path.join(ROOT, 'server', 'features', feature);
    return readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => path.join(dir, file));
  }),
  // Refusals every route can give.
  ...[
    'app-error.ts',
    'http/error-handler.ts',
    'http/json-body.ts',
    'http/reject-nul-text.ts',
    'http/same-origin.ts',
  ].map((file) => path.join(ROOT, 'server', file)),
];

/**
 * Messages only the shop's people (English screens) or the server's own operators meet, or texts that
 * are not answers at all. Each says why.
 */
const NOT_FOR_CUSTOMERS = new Set([
  // Only the shop creates estimates for others, sets amounts and lines, and records consent by phone.
  'Customer not found',
  'Amounts must be numbers',
  'Amounts must be 0 or more, with at most two decimals',
  'Amounts must be at most $999,999.99',
  'Too many estimates entered in the last hour. Please wait 2 minutes and try again.',
  "Enter the customer's e-mail to create an estimate for a new customer.",
  "That e-mail belongs to a shop account. Enter the customer's own e-mail or pick the customer.",
  'Only the customer can ask for text updates, on their own request.',
  // Walk-in customers and merging vehicle records: the shop's (docs/decisions/064).
  "Enter the customer's e-mail.",
  "Enter the customer's first and last name.",
  'Send either customerId (an existing customer) or customer (a new one), not both.',
  'customerId must be a customer id',
  'intoVehicleId must be the id of the vehicle to keep',
  'Choose another vehicle to keep: a vehicle cannot be merged into itself.',
  "These vehicles belong to different customers: only one customer's records of a car can be merged.",
  'Enter the total estimate amount.',
  'This estimate is itemised: its amounts come from its lines (PUT /api/estimates/{id}/lines).',
  'This estimate has no lines: a supplement adds lines to an itemised estimate. An estimate quoted as one figure cannot take one yet; ask the customer for a new estimate for the extra work.',
  // Recording a payment taken at the desk: the shop's (docs/decisions/062).
  'A payment can be at most $999,999.99.',
  'This form already recorded a different payment: close it and look at the payments recorded.',
  'requestId must be a UUID.',
  'A card payment for this estimate just went through: look at the new balance before recording.',
  // Recording an approval, moving a status: the shop's (docs/decisions/059).
  'This estimate is 7: the customer approved its amounts, so they change only through a supplement the customer consents to (POST /api/estimates/{id}/supplements).',
  'This estimate is Cancelled: it stays cancelled. The customer can request a new estimate.',
  'This estimate is Completed: the repair is finished and invoiced, so it cannot go back to 7. More work is a new estimate; cancel it only to void it.',
  'This estimate is 7: the customer must approve it before it is 7. Record the customer\'s approval (status "approved" with their consent) first.',
  'consent.method must be "in_person", "phone", "email" or "text"',
  'Recording an approval needs the customer’s consent: send consent {method ("in_person", "phone", "email" or "text"), name of the customer who approved, note?} with status "approved". Only the customer approves without one, online.',
  'consent goes only with status "approved" on a pending or quoted estimate: it records the customer’s approval.',
  'This estimate has no amount to quote: send the quote with its amounts (POST /api/admin/estimates/{id}/quote).',
  'This estimate has no quoted amount to approve: send the quote first.',
  'replacesLineId names a line another line of this supplement already replaces',
  'id is not one of this estimate’s lines',
  'the same id is given to two lines',
  'replacesLineId is only for supplements',
  'id is not accepted in a supplement; use replacesLineId',
  'replacesLineId is not one of this estimate’s lines',
  'consent.method must be "phone" or "in_person"',
  'consent.name: who gave the answer',
  'consent.note must be text',
  'consent.name must be at most 7 characters',
  'consent.note must be at most 7 characters',
  'The reason must be at most 7 characters',
  'Say why the supplement is needed (the reason).',
  'Record how the customer answered: consent {method: "phone" or "in_person", name, note}.',
  'Those photos are already attached to an estimate or a stage.',
  'Unknown status: 7',
  "Photo 7 is not one of this estimate's photos.",
  "Supplement #7 is still waiting for the customer's answer: it must be answered before another is sent.",
  "Supplement #7 is waiting for the customer's answer: record it before changing the lines.",
  'amount (quantity × unitPrice) must be at most 7',
  // Server-to-server: Stripe's webhook.
  'Invalid webhook signature.',
  // Templates whose parts are words, not numbers: their patterns are checked with real messages below.
  'Unrecognized key7: 7',
  '7 (reference: 7)',
  'Supplement #7 was already 7.',
  // Not answers: the PDF's date formats, and the list of declined items in a supplement's e-mail.
  'MMM d, yyyy',
  "MMM d, yyyy 'at' h:mm a",
  '7 (7)',
]);

const STRING = String.raw`'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|\x60((?:[^\x60\\]|\\.)*)\x60`;
const MESSAGE_PLACES = [
  // zod's `{ error: '…' }`, an issue's `message: '…'`.
  String.raw`\b(?:error|message)\s*:\s*(?:${STRING})`,
  // A check's or a helper's argument: `.min(1, '…')`, `required(15, '…')`, `.refine(fn, '…')`.
  String.raw`,\s*(?:${STRING})\s*,?\s*\)`,
  // A helper's only argument: `name('First name is required')`; a message a function returns.
  String.raw`[(]\s*(?:${STRING})\s*[)]`,
  String.raw`\breturn\s+(?:${STRING})`,
  // new AppError('conflict', '…')
  String.raw`new AppError\(\s*'[a-z_]+',\s*(?:${STRING})`,
  // A constant that holds one: `export const PHOTOS_CLOSED =\n  '…'`.
  String.raw`\bconst [A-Z][A-Z0-9_]* =\s*(?:${STRING})`,
  // A message built from parts: `export const linesLocked = (status: string) =>\n  \`…\``.
  String.raw`=>\s*(?:${STRING})`,
];

function looksLikeMessage(text: string): boolean {
  // A sentence of words, not a path, a header value, a colour or an id.
  return /^[A-Za-z$][\w.${}()"'’#-]*\s+\S/.test(text) && !/^[\w-]+\/|^\/|^#|^https?:/.test(text);
}

/** Literal `${…}` parts become the number 7 (a nested template's backquotes included). */
function sample(text: string): string {
  let result = text;
  for (let previous = ''; previous !== result; ) {
    previous = result;
    result = result.replace(/\$\{[^{}]*\}/g, '7');
  }
  return result.replaceAll("\\'", "'").replaceAll('\\"', '"').replaceAll('\\\\', '\\');
}

// A rate limit's `tooMany: '…'` starts its refusal: "… Please wait 2 minutes and try again."
const TOO_MANY_PLACE = String.raw`\btooMany\s*:\s*(?:${STRING})`;

function messagesIn(file: string): string[] {
  const source = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    // The server's own log lines and programming errors are not answers.
    .replace(/\b(?:log\.\w+|console\.\w+|new (?!AppError)\w*Error)\([^;]*;/g, '')
    // A field's label for the control-character refusals (plain-text.ts), not a message: each label
    // has its Spanish in TEXT_FIELD_LABELS, and the refusal's pattern is checked below.
    .replace(/\b(?:oneLine|multiLine)Text\(\s*'[^']*'\s*\)/g, '')
    .replace(/\bname\(\s*('[^']*')\s*,\s*'(?:First|Last) name'\s*\)/g, 'name($1)');
  const found: string[] = [];
  for (const place of MESSAGE_PLACES) {
    for (const match of source.matchAll(new RegExp(place, 'g'))) {
      const text = match[1] ?? match[2] ?? match[3] ?? '';
      if (looksLikeMessage(text)) found.push(sample(text));
    }
  }
  for (const match of source.matchAll(new RegExp(TOO_MANY_PLACE, 'g'))) {
    found.push(`${match[1] ?? match[2] ?? ''} Please wait 2 minutes and try again.`);
  }
  return found;
}

describe('the Spanish problem messages', () => {
  it('has a Spanish text for every message a customer can be answered with', () => {
    const missing = new Set<string>();
    let read = 0;
    for (const file of [...DOMAIN_FILES, ...SERVER_FILES]) {
      for (const message of messagesIn(file)) {
        read += 1;
        if (NOT_FOR_CUSTOMERS.has(message) || spanishProblem(message) !== null) continue;
        missing.add(`${path.relative(ROOT, file)}: ${message}`);
      }
    }
    // The reading must find the messages at all, or the check above proves nothing.
    expect(read).toBeGreaterThan(100);
    expect([...missing]).toEqual([]);
  });

  it('reads the messages that carry numbers, names or other messages', () => {
    expect(spanishProblem('Must be at most 100 characters')).toBe('Debe tener como máximo 100 caracteres');
    expect(spanishProblem('Too many attempts. Please wait 1 minute and try again.')).toBe(
      'Demasiados intentos. Espere 1 minuto y vuelva a intentarlo.',
    );
    expect(spanishProblem('Too many requests. Please wait 15 minutes and try again.')).toBe(
      'Demasiadas solicitudes. Espere 15 minutos y vuelva a intentarlo.',
    );
    expect(spanishProblem('Something went wrong on our side. Please try again. (reference: k3x9)')).toBe(
      'Algo salió mal de nuestro lado. Vuelva a intentarlo. (referencia: k3x9)',
    );
    expect(spanishProblem('Line 3: description is required')).toBe('Línea 3: falta la descripción');
    expect(spanishProblem('Unrecognized keys: "a", "b" and 4 more')).toBe(
      'Campos no reconocidos: "a", "b" y 4 más',
    );
    expect(spanishProblem('Unrecognized key: "color"')).toBe('Campo no reconocido: "color"');
    expect(spanishProblem('Supplement #2 was already declined.')).toBe(
      'El suplemento n.º 2 ya fue rechazado.',
    );
    expect(spanishProblem('8f0c is not one of this estimate’s lines.')).toBe(
      '8f0c no es un renglón de este presupuesto.',
    );
    expect(spanishProblem('Not found: GET /api/nothing')).toBe('No se encontró: GET /api/nothing');
    expect(spanishProblem('Password must be at most 200 characters')).toBe(
      'La contraseña debe tener como máximo 200 caracteres',
    );
  });

  it('leaves unknown messages, and a known sentence inside a longer one, to the English text', () => {
    expect(spanishProblem('Something nobody wrote')).toBeNull();
    expect(spanishProblem('constructor')).toBeNull();
    expect(spanishProblem('Line 3: something nobody wrote')).toBeNull();
    expect(spanishProblem('Invalid email or password, and more')).toBeNull();
    expect(spanishProblem('Too many pets. Please wait 1 minute and try again.')).toBeNull();
  });
});
