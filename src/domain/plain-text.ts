/**
 * What the shop's text fields accept: printable text only. A carriage return, tab or other control
 * character typed (or pasted, or sent by a script) into a name or a vehicle prints as garbage in the
 * PDFs and breaks the lines of texts and plain e-mails, so the schemas refuse it at the door, with a
 * message naming the field; the forms use the same schemas and show the same words.
 *
 * One-line fields (names, vehicle, VIN, plate, phone) take no line break either; descriptions, notes
 * and messages take line breaks (\n) and nothing else of the kind.
 */

/**
 * C0 controls (tab, CR, LF…), DEL, C1 controls, Unicode's line and paragraph separators, and the
 * bidirectional embeddings, overrides and isolates (U+202A–202E, U+2066–2069), which make text read
 * in another order than it was written; the line feed (10) too unless `lineFeedAllowed`.
 */
function hasControlCharacter(value: string, lineFeedAllowed: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 10 && lineFeedAllowed) continue;
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
    if ((code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069)) return true;
  }
  return false;
}

/**
 * Spaces, format characters (zero-width space, joiners, marks) and the letters that draw nothing
 * (Hangul fillers, the blank Braille pattern, the Mongolian vowel separator).
 */
const INVISIBLE = /[\s\p{Z}\p{Cf}\u115F\u1160\u3164\uFFA0\u2800\u180E]/gu;

/** Whether the text shows anything at all: a message of zero-width spaces is an empty bubble. */
export function hasVisibleText(value: string): boolean {
  return value.replace(INVISIBLE, '') !== '';
}

/** The field names these messages use, with their Spanish (the problem catalogue translates them). */
export const TEXT_FIELD_LABELS = {
  Make: 'Marca',
  Model: 'Modelo',
  'License plate': 'Placa',
  VIN: 'VIN',
  Phone: 'Teléfono',
  'Insurance company': 'Compañía de seguros',
  Description: 'Descripción',
  Message: 'Mensaje',
  'First name': 'Nombre',
  'Last name': 'Apellido',
  Name: 'Nombre',
  Notes: 'Notas',
  Note: 'Nota',
  Instructions: 'Instrucciones',
  Stage: 'Etapa',
  Reason: 'Motivo',
  Keys: 'Llaves',
  Angle: 'Ángulo',
  'Claim number': 'Número de reclamo',
  Reference: 'Referencia',
} as const satisfies Record<string, string>;
export type TextFieldLabel = keyof typeof TEXT_FIELD_LABELS;

export const oneLineTextMessage = (label: TextFieldLabel) =>
  `${label}: use one line of plain text, without tabs, line breaks or other control characters.`;
export const multiLineTextMessage = (label: TextFieldLabel) =>
  `${label}: line breaks are fine, but not tabs, carriage returns or other control characters.`;

/** A zod `.refine` for a one-line field: `.refine(...oneLineText('Make'))`. */
export function oneLineText(label: TextFieldLabel): [(value: string) => boolean, string] {
  return [(value) => !hasControlCharacter(value, false), oneLineTextMessage(label)];
}

/** A zod `.refine` for a field that may run over several lines: `.refine(...multiLineText('Notes'))`. */
export function multiLineText(label: TextFieldLabel): [(value: string) => boolean, string] {
  return [(value) => !hasControlCharacter(value, true), multiLineTextMessage(label)];
}
