import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { sessionCookieReader } from './session-cookie.ts';
import { sessionId } from './session-store.ts';

const signer = new Signer('a-session-secret-of-at-least-32-characters');

/** The signer, counting how often it is asked. */
function countingUnsign() {
  let calls = 0;
  const unsign = (value: string) => {
    calls++;
    return signer.unsign(value);
  };
  return { unsign, calls: () => calls };
}

describe('sessionCookieReader', () => {
  it('gives the token and its id for a validly signed cookie, checking the signature once', () => {
    const { unsign, calls } = countingUnsign();
    const read = sessionCookieReader(unsign);
    const cookie = signer.sign('token-1');
    expect(read(cookie)).toEqual({ token: 'token-1', id: sessionId('token-1') });
    expect(read(cookie)).toEqual({ token: 'token-1', id: sessionId('token-1') });
    expect(calls()).toBe(1);
  });

  it('refuses a forged or tampered cookie every time, without remembering it', () => {
    const { unsign, calls } = countingUnsign();
    const read = sessionCookieReader(unsign);
    const tampered = signer.sign('token-1').replace('token-1', 'token-2');
    expect(read(tampered)).toBeNull();
    expect(read(tampered)).toBeNull();
    expect(read('token-2')).toBeNull();
    expect(calls()).toBe(3);
  });

  it('does not take a cookie signed with another secret', () => {
    const read = sessionCookieReader((value) => signer.unsign(value));
    const other = new Signer('another-secret-that-is-also-long-enough!!');
    expect(read(other.sign('token-1'))).toBeNull();
  });
});
