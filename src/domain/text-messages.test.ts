import { describe, expect, it } from 'vitest';
import { inboundKeyword, smsBody, smsNotBefore, smsSendableAt } from './text-messages.ts';

// March 2026: Eastern Standard Time (UTC-5) until March 8, Daylight Time (UTC-4) after.
const eastern = (iso: string) => new Date(iso);

describe('smsSendableAt', () => {
  it('sends at once between 8 am and 9 pm at the shop', () => {
    for (const at of ['2026-03-04T13:00:00Z', '2026-03-04T18:30:00Z', '2026-03-05T01:59:00Z']) {
      expect(smsSendableAt(eastern(at))).toEqual(eastern(at));
    }
  });

  it('holds a text written at night until 8 am', () => {
    // 9:00 pm and 11:45 pm on March 4 → 8:00 am on March 5 (13:00 UTC).
    expect(smsSendableAt(eastern('2026-03-05T02:00:00Z'))).toEqual(eastern('2026-03-05T13:00:00Z'));
    expect(smsSendableAt(eastern('2026-03-05T04:45:00Z'))).toEqual(eastern('2026-03-05T13:00:00Z'));
    // 3:00 am on March 5 → 8:00 am the same day.
    expect(smsSendableAt(eastern('2026-03-05T08:00:00Z'))).toEqual(eastern('2026-03-05T13:00:00Z'));
  });

  it('follows the clock change: 8 am is 12:00 UTC in summer time', () => {
    // 10 pm on Saturday March 7 (EST) → 8 am Sunday March 8, after the change (EDT).
    expect(smsSendableAt(eastern('2026-03-08T03:00:00Z'))).toEqual(eastern('2026-03-08T12:00:00Z'));
  });
});

describe('smsNotBefore', () => {
  it('spaces the texts of one estimate ten minutes apart', () => {
    const at = eastern('2026-03-04T15:00:00Z');
    expect(smsNotBefore(at, null)).toEqual(at);
    expect(smsNotBefore(at, eastern('2026-03-04T14:55:00Z'))).toEqual(eastern('2026-03-04T15:05:00Z'));
    expect(smsNotBefore(at, eastern('2026-03-04T14:00:00Z'))).toEqual(at);
  });

  it('a spaced text that would fall in the quiet hours waits for the morning', () => {
    // Last text at 8:55 pm; the next may not go at 9:05 pm, so 8 am.
    expect(smsNotBefore(eastern('2026-03-05T01:56:00Z'), eastern('2026-03-05T01:55:00Z'))).toEqual(
      eastern('2026-03-05T13:00:00Z'),
    );
  });
});

describe('smsBody', () => {
  it('names the shop, says each update and ends with the opt-out', () => {
    expect(smsBody('Lakeside Family Collision', ['Your quote is ready.', 'See it at https://x/e/1'])).toBe(
      'Lakeside Family Collision: Your quote is ready. See it at https://x/e/1 Reply STOP to opt out.',
    );
  });
});

describe('inboundKeyword', () => {
  it("knows Twilio's opt-out, opt-in and help words, whatever the case", () => {
    for (const word of ['STOP', 'stop', ' Stop. ', 'unsubscribe', 'Cancel', 'quit', 'END']) {
      expect(inboundKeyword(word), word).toBe('stop');
    }
    for (const word of ['START', 'start', 'Unstop', 'yes']) expect(inboundKeyword(word), word).toBe('start');
    for (const word of ['HELP', 'help!', 'info']) expect(inboundKeyword(word), word).toBe('help');
  });

  it('leaves ordinary replies alone', () => {
    for (const body of ['Stop by at 3?', 'Thanks!', 'yes please', ''])
      expect(inboundKeyword(body), body).toBeNull();
  });

  it('knows the words the FCC names and their Spanish, without regard to accents or case', () => {
    for (const word of ['REVOKE', 'opt out', 'Opt-out', 'OPTOUT', 'stop all', 'STOPALL', 'Cancel', 'END.']) {
      expect(inboundKeyword(word), word).toBe('stop');
    }
    for (const word of [
      'PARAR',
      'Parar',
      '¡Para!',
      'alto',
      'Detener',
      'cancelar',
      'BAJA',
      'No más',
      'NO MAS',
    ]) {
      expect(inboundKeyword(word), word).toBe('stop');
    }
    expect(inboundKeyword('ayuda')).toBe('help');
  });

  it('opts out on a reply that opens with an opt-out word, not on one that says it later', () => {
    for (const body of [
      'Stop texting me please',
      'STOP!!! no more',
      'Opt out of these',
      'No más mensajes',
      'Please stop',
      'Por favor, parar',
    ]) {
      expect(inboundKeyword(body), body).toBe('stop');
    }
    for (const body of ['Can I stop by tomorrow?', 'Please stop by at 3', 'Please do not stop the updates']) {
      expect(inboundKeyword(body), body).toBeNull();
    }
  });

  it('reads ordinary openings of an opt-out word as ordinary messages', () => {
    for (const body of [
      '¿Para cuándo estará listo?',
      'Para mañana está bien',
      'No más de $500, por favor',
      'Cancel my drop-off, I will call',
      'Cancelar la cita del lunes',
      'End of day works for me',
    ]) {
      expect(inboundKeyword(body), body).toBeNull();
    }
  });

  it('takes opting back in and asking for help only as the whole reply', () => {
    for (const body of ['Start now?', 'Yes?', 'help me find the shop', 'Ayuda con mi cita']) {
      expect(inboundKeyword(body), body).toBeNull();
    }
  });
});
