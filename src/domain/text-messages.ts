import { TZDate } from '@date-fns/tz';
import { SHOP_TIME_ZONE } from './drop-off-slots.ts';
import type { Language } from './language.ts';

/**
 * Repair updates by text: when they may go out, how often, and how each one reads. The server holds
 * and folds texts by these rules; the request form shows the opt-in wording word for word.
 */

/**
 * Shown beside the "Text me updates" box in the customer's language, and stored with the opt-in as
 * what they agreed to (the request catalogs show these words exactly; a test holds them equal).
 */
export const SMS_OPT_IN_WORDING: Record<Language, string> = {
  en: 'Text me updates about this repair at this number: quote ready, drop-off, progress and pick-up, then one short survey. Up to a few messages per repair; message and data rates may apply. Reply STOP to opt out, HELP for help.',
  es: 'Envíenme mensajes de texto sobre esta reparación a este número: presupuesto listo, entrega del vehículo, avance y recogida, y luego una breve encuesta. Solo unos pocos mensajes por reparación; pueden aplicar cargos por mensajes y datos. Responda STOP para no recibir más mensajes o HELP para pedir ayuda.',
};

/**
 * Whether an opt-in's recorded wording covers the survey text sent after pick-up. Only the wordings
 * that name it do: an opt-in recorded under the earlier wording ("quote ready, drop-off, progress and
 * pick-up") agreed to updates about the repair, not to being asked for a score, so its survey goes by
 * e-mail only. A new wording that still names the survey joins this list.
 */
export function optInCoversSurvey(wording: string | null): boolean {
  return wording !== null && SURVEY_WORDINGS.has(wording);
}
const SURVEY_WORDINGS = new Set<string>(Object.values(SMS_OPT_IN_WORDING));

/** No texts from 9 pm until 8 am at the shop; one written in those hours waits for 8 am. */
export const SMS_QUIET_HOURS = { from: 21, until: 8 } as const;

/** At most one text per estimate in this many minutes; later updates fold into the next text. */
export const SMS_MIN_INTERVAL_MINUTES = 10;

export const SMS_OPT_OUT_LINE = 'Reply STOP to opt out.';

/** When a text written at `at` may be sent: at once, or at the next 8 am at the shop. */
export function smsSendableAt(at: Date): Date {
  const local = new TZDate(at.getTime(), SHOP_TIME_ZONE);
  const hour = local.getHours();
  if (hour >= SMS_QUIET_HOURS.until && hour < SMS_QUIET_HOURS.from) return at;
  const morning = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate() + (hour >= SMS_QUIET_HOURS.from ? 1 : 0),
    SMS_QUIET_HOURS.until,
    0,
    SHOP_TIME_ZONE,
  );
  return new Date(morning.getTime());
}

/** The earliest a text of an estimate may go, given when its last one went. */
export function smsNotBefore(at: Date, lastSentAt: Date | null): Date {
  const spaced = lastSentAt ? new Date(lastSentAt.getTime() + SMS_MIN_INTERVAL_MINUTES * 60_000) : at;
  return smsSendableAt(spaced > at ? spaced : at);
}

/**
 * One text from the updates waiting for an estimate: names the shop, says each update in order,
 * gives the status link (one per text, however many updates it carries), and ends with how to stop
 * them.
 */
export function smsBody(
  shopName: string,
  updates: readonly string[],
  statusUrl?: string,
  wording: SmsWording = ENGLISH_SMS_WORDING,
): string {
  const link = statusUrl ? ` ${wording.statusLinkLabel} ${statusUrl}` : '';
  return `${shopName}: ${updates.join(' ')}${link} ${wording.optOutLine}`;
}

/**
 * The words a text adds around its updates, in the customer's language. Every language's opt-out
 * line keeps the English keyword STOP: it is the one the carriers and Twilio act on.
 */
export interface SmsWording {
  statusLinkLabel: string;
  optOutLine: string;
}

/** Before the status link in a text. */
export const SMS_STATUS_LINK_LABEL = 'Track your repair:';

const ENGLISH_SMS_WORDING: SmsWording = {
  statusLinkLabel: SMS_STATUS_LINK_LABEL,
  optOutLine: SMS_OPT_OUT_LINE,
};

export type InboundKeyword = 'stop' | 'start' | 'help';

/**
 * Replies that revoke consent to texts. The FCC honours any reasonable way of saying so (47 CFR
 * 64.1200(a)(10), decision 060): Twilio's own opt-out words, the ones the rule names, and their
 * Spanish, since Spanish-speaking customers are texted in Spanish. Written without accents: replies
 * are compared without them.
 */
const OPT_OUT_PHRASES = [
  'STOP',
  'STOP ALL',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPT OUT',
  'OPTOUT',
  'REVOKE',
  'PARAR',
  'PARA',
  'ALTO',
  'DETENER',
  'CANCELAR',
  'BAJA',
  'NO MAS',
];

/**
 * Openings of ordinary messages that begin with an opt-out word: "Para cuándo…" (for when),
 * "Stop by at 3?", "No más de $500" (no more than), and a customer's answers about the car: "Cancel my
 * drop-off", "Cancelar la cita", "End of day works". They opt out only as the whole reply.
 */
const ORDINARY_OPENINGS = ['PARA', 'STOP BY', 'NO MAS DE', 'NO MAS TARDE', 'CANCEL', 'CANCELAR', 'END'];

/** Words before the opt-out word that leave it the opening: "Please stop", "Por favor, parar". */
const POLITE_OPENINGS = ['PLEASE', 'POR FAVOR'];

// Opting back in or asking for help must be the whole reply: a "Yes?" is a question, not consent.
const WHOLE_REPLY_KEYWORDS: Record<string, InboundKeyword> = {
  START: 'start',
  UNSTOP: 'start',
  YES: 'start',
  HELP: 'help',
  INFO: 'help',
  AYUDA: 'help',
};

/**
 * What a customer's reply asks for, or null when it is an ordinary message. A reply that opens with
 * an opt-out word ("Stop texting me please") opts out; one with it later ("Can I stop by?") does not.
 */
export function inboundKeyword(body: string): InboundKeyword | null {
  const text = withoutAccents(body).toUpperCase();
  if (isOptOut(text.split(/[^A-Z0-9]+/).filter(Boolean))) return 'stop';
  return WHOLE_REPLY_KEYWORDS[text.trim().replace(/[.!]+$/, '')] ?? null;
}

function isOptOut(replyWords: readonly string[]): boolean {
  const polite = POLITE_OPENINGS.find((opening) => opensWith(replyWords, opening));
  const words = polite ? replyWords.slice(polite.split(' ').length) : replyWords;
  if (OPT_OUT_PHRASES.includes(words.join(' '))) return true;
  if (ORDINARY_OPENINGS.some((opening) => opensWith(words, opening))) return false;
  return OPT_OUT_PHRASES.some((phrase) => opensWith(words, phrase));
}

function opensWith(words: readonly string[], phrase: string): boolean {
  return phrase.split(' ').every((word, index) => words[index] === word);
}

/** "NO MÁS" as "NO MAS": customers type accents, or not. */
function withoutAccents(text: string): string {
  return text.normalize('NFD').replace(/\p{Mn}/gu, '');
}
