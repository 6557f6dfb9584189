import { isIP } from 'node:net';

/**
 * Address arithmetic. For TRUST_PROXY: whether a list of addresses and CIDR ranges, taken together,
 * trusts every address there is. Such a list makes every client a trusted proxy, so any client could
 * choose its own address in X-Forwarded-For (what `true` does, and what the config check refuses).
 * For per-address rate limits: what one client is (addressForLimits).
 */

type Family = 4 | 6;
interface Span {
  family: Family;
  start: bigint;
  end: bigint;
}

const BITS: Record<Family, bigint> = { 4: 32n, 6: 128n };
/** ::ffff:0:0/96, the IPv6 form of IPv4 addresses: a proxy check compares IPv4 clients in it too. */
const MAPPED_START = 0xffff_0000_0000n;
const MAPPED_END = 0xffff_ffff_ffffn;

/**
 * The subject a per-address rate limit counts: an IPv4 address as it is (also written as
 * `::ffff:a.b.c.d`), an IPv6 address by its /64. A home or cloud connection gets a whole /64 and can
 * send from any address in it, so counting single IPv6 addresses would renew the allowance at will.
 * Anything that is not an address is counted as it is.
 */
export function addressForLimits(address: string): string {
  const text = address.split('%')[0] ?? '';
  const version = isIP(text);
  if (version === 4) return text;
  const value = version === 6 ? ipv6Value(text) : null;
  if (value === null) return address;
  if (value >= MAPPED_START && value <= MAPPED_END) {
    const v4 = value - MAPPED_START;
    return [24n, 16n, 8n, 0n].map((shift) => String((v4 >> shift) & 0xffn)).join('.');
  }
  const groups = [112n, 96n, 80n, 64n].map((shift) => ((value >> shift) & 0xffffn).toString(16));
  return `${groups.join(':')}::/64`;
}

/** Which families (4, 6) the entries cover completely; empty when they leave some address out. */
export function familiesCoveredCompletely(entries: readonly string[]): Family[] {
  const spans = entries.flatMap((entry) => {
    const span = parseSpan(entry);
    return span ? [span] : [];
  });
  // A range written in the IPv6 form of IPv4 addresses (::ffff:0:0/96 and within) is checked against
  // IPv4 clients too, as the IPv4 range it stands for (as proxy-addr does).
  const mapped = spans.flatMap((span): Span[] =>
    span.family === 6 && span.start >= MAPPED_START && span.end <= MAPPED_END
      ? [{ family: 4, start: span.start - MAPPED_START, end: span.end - MAPPED_START }]
      : [],
  );
  const all = [...spans, ...mapped];
  return ([4, 6] as const).filter((family) =>
    coversAll(
      all.filter((span) => span.family === family),
      (1n << BITS[family]) - 1n,
    ),
  );
}

function coversAll(spans: Span[], last: bigint): boolean {
  let covered = -1n;
  for (const span of [...spans].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))) {
    if (span.start > covered + 1n) return false;
    covered = maxOf(covered, span.end);
    if (covered >= last) return true;
  }
  return false;
}

/** An address or CIDR range as the first and last address it covers; null for anything else (names). */
function parseSpan(entry: string): Span | null {
  const [text = '', prefixText] = entry.trim().split('/');
  const address = text.split('%')[0] ?? '';
  const version = isIP(address);
  if (version !== 4 && version !== 6) return null;
  const bits = BITS[version];
  const value = version === 4 ? ipv4Value(address) : ipv6Value(address);
  if (value === null) return null;
  const prefix = prefixText === undefined ? bits : BigInt(Number(prefixText));
  if (prefix < 0n || prefix > bits) return null;
  const hostBits = bits - prefix;
  const start = (value >> hostBits) << hostBits;
  return { family: version, start, end: start + (1n << hostBits) - 1n };
}

function ipv4Value(address: string): bigint | null {
  const parts = address.split('.').map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isInteger(part) || part < 0 || part > 255)) {
    return null;
  }
  return parts.reduce((value, part) => (value << 8n) | BigInt(part), 0n);
}

function ipv6Value(address: string): bigint | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string | undefined): bigint[] | null => {
    if (!half) return [];
    const result: bigint[] = [];
    for (const group of half.split(':')) {
      if (group.includes('.')) {
        const v4 = ipv4Value(group);
        if (v4 === null) return null;
        result.push(v4 >> 16n, v4 & 0xffffn);
      } else {
        result.push(BigInt(`0x${group}`));
      }
    }
    return result;
  };
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (missing < 0 || (halves.length === 1 && missing !== 0)) return null;
  const all = [...head, ...Array<bigint>(halves.length === 2 ? missing : 0).fill(0n), ...tail];
  return all.reduce((value, group) => (value << 16n) | group, 0n);
}

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
