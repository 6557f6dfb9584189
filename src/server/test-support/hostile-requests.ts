import fc from 'fast-check';
import type { RouteTableEntry } from '#server/http/route-table.ts';
import {
  BROKEN_JSON_BODIES,
  EXTREME_NUMBERS,
  hostileString,
  hostileText,
  hostileValue,
  ONE_MEGABYTE_STRING,
  OTHER_CONTENT_TYPES,
  PROTOTYPE_KEYS,
  WRONG_SHAPES,
} from './hostile-values.ts';

/**
 * Hostile variants of one valid request, derived from the route's own zod schemas: the keys of its
 * body and query objects get wrong types, extreme values and hostile text, required keys go missing,
 * prototype keys appear, path ids become junk, and bodies arrive broken or as another content type.
 */

/** What one hostile call sends, and whether the app must refuse it. */
export interface HostileCase {
  label: string;
  url: string;
  query?: Record<string, string | string[]>;
  payload?: string | Buffer;
  contentType?: string;
  /** True when the request is invalid by construction: anything but a 4xx is a failure. */
  mustRefuse: boolean;
}

/** The valid request the variants start from (params already in the URL). */
export interface BaseRequest {
  method: string;
  pattern: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  /** Routes that take raw bytes (uploads): every hostile body there is refused. */
  raw: boolean;
}

interface ZodLike {
  _zod: { def: unknown };
  safeParse(value: unknown): { success: boolean };
}
interface ZodDef {
  type: string;
  shape?: Record<string, ZodLike>;
  innerType?: ZodLike;
  in?: ZodLike;
  out?: ZodLike;
  options?: ZodLike[];
}

function isZod(value: unknown): value is ZodLike {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

const def = (schema: ZodLike) => schema._zod.def as ZodDef;

/** The keys of an object schema, looking through optional, default, preprocess and unions of objects. */
export function objectKeys(schema: ZodLike): Record<string, ZodLike> {
  const d = def(schema);
  switch (d.type) {
    case 'object':
      return d.shape ?? {};
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return d.innerType ? objectKeys(d.innerType) : {};
    case 'pipe': {
      const before = d.in ? objectKeys(d.in) : {};
      return Object.keys(before).length > 0 ? before : d.out ? objectKeys(d.out) : {};
    }
    case 'union':
      return Object.assign({}, ...(d.options ?? []).map(objectKeys));
    default:
      return {};
  }
}

/** The kind of value a field takes, to aim wrong-type and extreme values at it. */
export function leafKind(schema: ZodLike): string {
  const d = def(schema);
  if (d.innerType) return leafKind(d.innerType);
  if (d.type === 'pipe') {
    const before = d.in ? leafKind(d.in) : 'unknown';
    return before === 'transform' && d.out ? leafKind(d.out) : before;
  }
  if (d.type === 'union') return (d.options ?? []).map(leafKind).find((kind) => kind !== 'null') ?? 'unknown';
  return d.type;
}

function valueFor(kind: string): fc.Arbitrary<unknown> {
  switch (kind) {
    case 'number':
    case 'bigint':
    case 'int':
      return fc.oneof(fc.constantFrom(...EXTREME_NUMBERS), hostileString, fc.constantFrom(...WRONG_SHAPES));
    case 'string':
    case 'enum':
    case 'literal':
      return fc.oneof(hostileString, fc.constantFrom(...EXTREME_NUMBERS, ...WRONG_SHAPES));
    default:
      return hostileValue;
  }
}

function withoutKey(body: unknown, key: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => name !== key));
}

function asObject(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? { ...(body as Record<string, unknown>) }
    : {};
}

function schemaRefuses(schema: unknown, value: unknown): boolean {
  return isZod(schema) ? !schema.safeParse(value).success : false;
}

function safeJsonParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Percent-encodes a path segment; text no URL can carry (a lone surrogate) goes as its UTF-8 bytes. */
function encodeSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/** Path segments already encoded, each broken in its own way: invalid UTF-8, bad escapes, traversal. */
const RAW_SEGMENTS = [
  '%ED%A0%80',
  '%FF%FE',
  '%',
  '%zz',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%E2%80%AE',
];
const DOT_DOT = '%2e%2e';

export function fillPattern(
  pattern: string,
  params: Record<string, string>,
  rawSegments: Record<string, string> = {},
): string {
  return pattern.replace(
    /:([A-Za-z]+)/g,
    (_, name: string) => rawSegments[name] ?? encodeSegment(params[name] ?? ''),
  );
}

const JSON_TYPE = 'application/json';
/**
 * A JSON body over 1 MiB is refused by every route. Most routes refuse far less (16 KB by default,
 * `#server/http/json-body.ts`); those refusals are 413s with a message, which every case accepts.
 */
const BODY_LIMIT = 1024 * 1024;

function jsonCase(route: RouteTableEntry, base: BaseRequest, label: string, payload: string): HostileCase {
  const parsed = safeJsonParse(payload);
  const tooLarge = Buffer.byteLength(payload) > BODY_LIMIT;
  // The app parses JSON safely: a body that is not JSON, too big, or breaks the schema is refused.
  const mustRefuse =
    base.raw ||
    tooLarge ||
    !parsed.ok ||
    payload.includes('\\u0000') ||
    schemaRefuses(route.schema?.body, parsed.value);
  return {
    label,
    url: fillPattern(base.pattern, base.params),
    query: base.query,
    payload,
    contentType: JSON_TYPE,
    mustRefuse,
  };
}

function bodyCases(route: RouteTableEntry, base: BaseRequest): fc.Arbitrary<HostileCase> {
  const schema = route.schema?.body;
  const keys = isZod(schema) ? objectKeys(schema) : {};
  const names = [...new Set([...Object.keys(keys), ...Object.keys(asObject(base.body))])];
  const url = fillPattern(base.pattern, base.params);
  const arbitraries: fc.Arbitrary<HostileCase>[] = [
    // The whole body replaced by something that is not the object the route expects.
    hostileValue.map((value) => jsonCase(route, base, 'body replaced', JSON.stringify(value) ?? 'null')),
    // Most of these do not parse; the deeply nested one does, and is then judged by the schema.
    fc.constantFrom(...BROKEN_JSON_BODIES).map((text) => jsonCase(route, base, 'odd JSON', text)),
    fc.constantFrom(...OTHER_CONTENT_TYPES).map(([contentType, payload]) => ({
      label: `sent as ${contentType}`,
      url,
      query: base.query,
      payload,
      contentType,
      // A route that takes no body ignores whatever is sent with it; one that takes a body refuses it.
      mustRefuse: schema !== undefined,
    })),
    fc.constant(
      jsonCase(
        route,
        base,
        'over 1 MB',
        JSON.stringify({ ...asObject(base.body), padding: ONE_MEGABYTE_STRING }),
      ),
    ),
    // A prototype key next to the valid fields: never merged into anything, never a 5xx.
    fc.constantFrom(...PROTOTYPE_KEYS).map((key) => {
      const rest = JSON.stringify(asObject(base.body)).slice(1);
      const payload = `{"${key}": {"isAdmin": true, "polluted": true}${rest === '}' ? '}' : `, ${rest}`}`;
      return { ...jsonCase(route, base, `${key} key`, payload), mustRefuse: base.raw };
    }),
  ];
  if (names.length > 0) {
    const name = fc.constantFrom(...names);
    arbitraries.push(
      name.chain((key) =>
        valueFor(keys[key] ? leafKind(keys[key]) : 'unknown').map((value) =>
          jsonCase(
            route,
            base,
            `body.${key} = hostile`,
            JSON.stringify({ ...asObject(base.body), [key]: value }),
          ),
        ),
      ),
      name.map((key) =>
        jsonCase(route, base, `body.${key} missing`, JSON.stringify(withoutKey(base.body, key))),
      ),
    );
  }
  return fc.oneof(...arbitraries);
}

function rawBodyCases(base: BaseRequest): fc.Arbitrary<HostileCase> {
  const url = fillPattern(base.pattern, base.params);
  return fc
    .tuple(
      fc.oneof(
        fc.uint8Array({ maxLength: 2000 }).map((bytes) => Buffer.from(bytes)),
        hostileString.map((text) => Buffer.from(text)),
        fc.constantFrom(...BROKEN_JSON_BODIES).map((text) => Buffer.from(text)),
      ),
      fc.constantFrom('image/jpeg', 'image/png', 'application/json', 'text/html', 'application/octet-stream'),
    )
    .map(([payload, contentType]) => ({
      label: `raw ${contentType}`,
      url,
      payload,
      contentType,
      mustRefuse: true,
    }));
}

function queryCases(route: RouteTableEntry, base: BaseRequest): fc.Arbitrary<HostileCase> | null {
  const schema = route.schema?.querystring;
  if (!isZod(schema)) return null;
  const names = [...Object.keys(objectKeys(schema)), 'unknown', ...PROTOTYPE_KEYS];
  const url = fillPattern(base.pattern, base.params);
  return fc
    .tuple(
      fc.constantFrom(...names),
      fc.oneof(hostileText, fc.array(hostileText, { minLength: 2, maxLength: 3 })),
    )
    .map(([key, value]) => {
      const query = { ...base.query, [key]: value };
      // The schema judges the query as Fastify hands it over: an own property per key.
      const parsedQuery = Object.defineProperty({ ...base.query }, key, { value, enumerable: true });
      return { label: `?${key}= hostile`, url, query, mustRefuse: schemaRefuses(schema, parsedQuery) };
    });
}

function paramCases(base: BaseRequest): fc.Arbitrary<HostileCase> | null {
  const names = Object.keys(base.params);
  if (names.length === 0) return null;
  const segment = fc.oneof(
    hostileText.map((text) => ({ text })),
    fc.constantFrom(...RAW_SEGMENTS).map((encoded) => ({ encoded })),
  );
  return fc.tuple(fc.constantFrom(...names), segment).map(([name, value]) => ({
    label: `:${name} hostile`,
    url:
      'encoded' in value
        ? fillPattern(base.pattern, base.params, { [name]: value.encoded })
        : fillPattern(base.pattern, { ...base.params, [name]: value.text }),
    query: base.query,
    ...(base.body === undefined ? {} : { payload: JSON.stringify(base.body), contentType: JSON_TYPE }),
    // An id or token that is junk names nothing; other segments (a plate) are only searched for. A
    // '..' segment is resolved by the URL parser before the request is sent (as browsers do), so it
    // asks for another path, which answers for itself.
    mustRefuse: (name === 'id' || name === 'token') && !('encoded' in value && value.encoded === DOT_DOT),
  }));
}

const METHODS_WITH_BODIES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A failure report names the case in a line, not with the megabyte it may carry. */
export function withShortDescription(hostile: HostileCase): HostileCase {
  const payload =
    typeof hostile.payload === 'string'
      ? JSON.stringify(hostile.payload.slice(0, 120))
      : `${hostile.payload?.length ?? 0} bytes`;
  const text = `${hostile.label} ${hostile.url.slice(0, 160)} ${JSON.stringify(hostile.query ?? {}).slice(0, 160)} ${payload}`;
  return Object.assign(hostile, { [fc.toStringMethod]: () => text });
}

/** Every kind of hostile variant that applies to this route. */
export function hostileCases(route: RouteTableEntry, base: BaseRequest): fc.Arbitrary<HostileCase> {
  const arbitraries: fc.Arbitrary<HostileCase>[] = [];
  if (METHODS_WITH_BODIES.has(route.method)) {
    arbitraries.push(base.raw ? rawBodyCases(base) : bodyCases(route, base));
  }
  const query = queryCases(route, base);
  if (query) arbitraries.push(query);
  const params = paramCases(base);
  if (params) arbitraries.push(params);
  if (arbitraries.length === 0) {
    // Nothing to validate: junk in the query string must still be harmless.
    arbitraries.push(
      fc.tuple(fc.constantFrom('q', ...PROTOTYPE_KEYS), hostileText).map(([key, value]) => ({
        label: `?${key}= hostile`,
        url: fillPattern(base.pattern, base.params),
        query: { [key]: value },
        mustRefuse: false,
      })),
    );
  }
  return fc.oneof(...arbitraries).map(withShortDescription);
}

/** Text every string field and path segment is tried with, whatever the random draw. */
const ALWAYS_TRIED = ['null\u0000byte', '\ud800', "' OR 1=1 --", '<script>alert(1)</script>'];

/** The same cases on every run: each body key, query key and path segment gets each of ALWAYS_TRIED. */
export function fixedCases(route: RouteTableEntry, base: BaseRequest): HostileCase[] {
  const cases: HostileCase[] = [];
  const body = route.schema?.body;
  if (METHODS_WITH_BODIES.has(route.method) && !base.raw) {
    const names = new Set([
      ...Object.keys(isZod(body) ? objectKeys(body) : {}),
      ...Object.keys(asObject(base.body)),
    ]);
    for (const key of names) {
      for (const text of ALWAYS_TRIED) {
        cases.push(
          jsonCase(
            route,
            base,
            `body.${key} = ${JSON.stringify(text)}`,
            JSON.stringify({ ...asObject(base.body), [key]: text }),
          ),
        );
      }
    }
  }
  const query = route.schema?.querystring;
  if (isZod(query)) {
    for (const key of Object.keys(objectKeys(query))) {
      for (const text of ALWAYS_TRIED) {
        const value = { ...base.query, [key]: text };
        cases.push({
          label: `?${key}=${JSON.stringify(text)}`,
          url: fillPattern(base.pattern, base.params),
          query: value,
          mustRefuse: schemaRefuses(query, value) || text.includes('\u0000'),
        });
      }
    }
  }
  for (const name of Object.keys(base.params)) {
    for (const text of ALWAYS_TRIED) {
      cases.push({
        label: `:${name} = ${JSON.stringify(text)}`,
        url: fillPattern(base.pattern, { ...base.params, [name]: text }),
        query: base.query,
        ...(base.body === undefined ? {} : { payload: JSON.stringify(base.body), contentType: JSON_TYPE }),
        mustRefuse: name === 'id' || name === 'token' || text.includes('\u0000'),
      });
    }
  }
  return cases.map(withShortDescription);
}
