import fc from 'fast-check';

/**
 * Values an attacker or a broken client may send in place of a field: text that means something to
 * a database, a browser or a template engine, awkward Unicode, absurd sizes and numbers, and values of
 * the wrong type. Shared by the input fuzzing of every route.
 */

const MEGABYTE = 1024 * 1024;

/** Made once: generating megabytes per case would only slow the run down. */
export const ONE_MEGABYTE_STRING = 'x'.repeat(MEGABYTE);
const HUNDRED_KILOBYTE_STRING = 'é'.repeat(50 * 1024);

export const SQL_FRAGMENTS = [
  "' OR 1=1 --",
  "'; drop table estimates; --",
  '" OR ""="',
  '1; select pg_sleep(0)--',
  "admin'--",
  "%' or '%'='",
  '\\',
  "'",
];

export const MARKUP_FRAGMENTS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  '{{7*7}}${7*7}<%= 7*7 %>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a lookup-injection probe, meant literally
  '${jndi:ldap://example.com/a}',
  '<svg onload=alert(1)>',
];

export const AWKWARD_UNICODE = [
  '\ud800',
  'a\udfffb',
  '\u202eevil\u202c',
  'zero\u200bwidth\u200d\ufeff',
  'null\u0000byte',
  '\u0001\u0002\u001f',
  'e\u0301\u0301\u0301',
  '👨‍👩‍👧‍👦🚗💥',
  'שלום مرحبا',
  '\r\n\r\nX-Injected: 1',
  '../../../etc/passwd',
  '%2e%2e%2f%00',
];

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'];

/** Numbers and number-like text that break naive parsing: overflow, sign, precision, notation. */
export const EXTREME_NUMBERS: unknown[] = [
  0,
  -0,
  -1,
  -1e308,
  1e308,
  2 ** 53 + 1,
  1e21,
  0.1 + 0.2,
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '0x10',
  ' 42 ',
  '12.345',
  '99999999999999999999999',
];

function nested(depth: number, make: (inner: unknown) => unknown): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = make(value);
  return value;
}

/** Shapes where a scalar was expected: deep nesting and long arrays included. */
export const WRONG_SHAPES: unknown[] = [
  null,
  true,
  false,
  {},
  [],
  [1, 2, 3],
  { nested: { deeper: true } },
  nested(2000, (inner) => [inner]),
  nested(2000, (inner) => ({ a: inner })),
  Array.from({ length: 10_000 }, (_, i) => i),
];

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SQL_FRAGMENTS, ...MARKUP_FRAGMENTS, ...AWKWARD_UNICODE, ...PROTOTYPE_KEYS),
  fc.constantFrom('', ' ', HUNDRED_KILOBYTE_STRING),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(fc.constantFrom(...SQL_FRAGMENTS, ...MARKUP_FRAGMENTS), fc.string({ maxLength: 10 }))
    .map(([fragment, tail]) => `${fragment}${tail}`),
);

/** Anything a JSON body may hold in one field, hostile or plainly of the wrong type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...EXTREME_NUMBERS) },
  { weight: 2, arbitrary: fc.constantFrom(...WRONG_SHAPES) },
  { weight: 1, arbitrary: fc.constant(ONE_MEGABYTE_STRING) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** Text for a query string or a path segment: hostile strings and number-like text, kept URL-sized. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  hostileString.filter((value) => value.length < 4000),
  fc.constantFrom(...EXTREME_NUMBERS.map(String)),
  fc.constant('y'.repeat(5000)),
);

/** Bodies that are not a JSON object at all. */
export const BROKEN_JSON_BODIES = [
  '{"a": 1',
  '{a: 1}',
  "{'a': 1}",
  '[1, 2,',
  'undefined',
  'NaN',
  '{"a": 1}}',
  '\u0000',
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  '{"__proto__": {"isAdmin": true}}',
  '{"constructor": {"prototype": {"isAdmin": true}}}',
];

/** A body of another kind than JSON, with the type it is sent as. */
export const OTHER_CONTENT_TYPES: [string, string][] = [
  ['application/xml', '<estimate><status>approved</status></estimate>'],
  ['text/html', '<html><script>alert(1)</script></html>'],
  ['application/x-www-form-urlencoded', 'status=approved&isAdmin=true'],
  ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
  ['application/octet-stream', '\u0000\u0001\u0002'],
  ['text/plain', 'hello'],
  ['image/jpeg', 'not a jpeg'],
];
