// The benchmark's scenarios: what each simulated customer (or the shop) asks the server, how many at
// once, and each scenario's figures from autocannon's result.
import { Signer } from '@fastify/cookie';
import autocannon, { type Client, type Options, type Request, type Result } from 'autocannon';
import type { BenchData } from './seed.ts';

export const CONNECTIONS = 200;
/** The shop's own staff: a handful of people with the dashboard open, not hundreds. */
export const ADMIN_CONNECTIONS = 10;
const SESSION_COOKIE = 'sid';

export type ScenarioKey =
  | 'baseline'
  | 'list304'
  | 'list304at100'
  | 'list200'
  | 'messages'
  | 'messages100'
  | 'messages304at100'
  | 'adminList'
  | 'adminSummary';

export interface Scenario {
  key: ScenarioKey;
  name: string;
  expectedStatus: number;
  connections: number;
  options(people: People): Partial<Pick<Options, 'requests' | 'setupClient'>>;
}

/** Per customer: the signed cookie, the list's current ETag, their estimates and their threads' ETags. */
export interface People {
  customers: { cookie: string; etag: string; estimateIds: string[]; threadTags: string[] }[];
  adminCookie: string;
}

export interface ScenarioResult {
  key: ScenarioKey;
  name: string;
  connections: number;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  ratioToBaseline: number;
  statusCodes: Record<string, number>;
}

/** Each new connection takes the next customer, so 200 connections are 200 different customers. */
function perCustomer(people: People, requestsFor: (customer: People['customers'][number]) => Request[]) {
  let next = 0;
  return (client: Client) => {
    const customer = people.customers[next++ % people.customers.length];
    if (customer) client.setRequests(requestsFor(customer));
  };
}

const messagesScenario = (people: People) => ({
  setupClient: perCustomer(people, (c) =>
    c.estimateIds.map((id) => ({
      method: 'GET',
      path: `/api/estimates/${id}/messages`,
      headers: { cookie: c.cookie },
    })),
  ),
});

/** The estimate page's poll of its conversation, unchanged since the browser last had it. */
const messagesPoll = (people: People) => ({
  setupClient: perCustomer(people, (c) =>
    c.estimateIds.map((id, index) => ({
      method: 'GET',
      path: `/api/estimates/${id}/messages`,
      headers: { cookie: c.cookie, 'if-none-match': c.threadTags[index] ?? '' },
    })),
  ),
});

/** The customers' polling: their list, unchanged since they last asked. */
const list304 = (people: People) => ({
  setupClient: perCustomer(people, (c) => [
    { method: 'GET', path: '/api/estimates', headers: { cookie: c.cookie, 'if-none-match': c.etag } },
  ]),
});

export const SCENARIOS: Scenario[] = [
  {
    key: 'baseline',
    name: 'baseline GET /api/health/live',
    expectedStatus: 200,
    connections: CONNECTIONS,
    options: () => ({ requests: [{ method: 'GET', path: '/api/health/live' }] }),
  },
  {
    key: 'list304',
    name: 'GET /api/estimates, unchanged (304)',
    expectedStatus: 304,
    connections: CONNECTIONS,
    options: (people) => list304(people),
  },
  {
    key: 'list304at100',
    name: 'GET /api/estimates, unchanged (304, 100 conns)',
    expectedStatus: 304,
    connections: 100,
    options: (people) => list304(people),
  },
  {
    key: 'list200',
    name: 'GET /api/estimates, full list (200)',
    expectedStatus: 200,
    connections: CONNECTIONS,
    options: (people) => ({
      setupClient: perCustomer(people, (c) => [
        { method: 'GET', path: '/api/estimates', headers: { cookie: c.cookie, 'accept-encoding': 'gzip' } },
      ]),
    }),
  },
  {
    key: 'messages',
    name: 'GET /api/estimates/{id}/messages',
    expectedStatus: 200,
    connections: CONNECTIONS,
    options: messagesScenario,
  },
  {
    key: 'messages100',
    name: 'GET /api/estimates/{id}/messages (100 conns)',
    expectedStatus: 200,
    connections: 100,
    options: messagesScenario,
  },
  {
    key: 'messages304at100',
    name: 'GET /api/estimates/{id}/messages, unchanged (304, 100 conns)',
    expectedStatus: 304,
    connections: 100,
    options: messagesPoll,
  },
  {
    key: 'adminList',
    name: 'admin GET /api/admin/estimates (page 1)',
    expectedStatus: 200,
    connections: ADMIN_CONNECTIONS,
    options: (people) => ({
      requests: [
        {
          method: 'GET',
          path: '/api/admin/estimates',
          headers: { cookie: people.adminCookie, 'accept-encoding': 'gzip' },
        },
      ],
    }),
  },
  {
    key: 'adminSummary',
    name: 'admin GET /api/admin/estimates/summary',
    expectedStatus: 200,
    connections: ADMIN_CONNECTIONS,
    options: (people) => ({
      requests: [
        { method: 'GET', path: '/api/admin/estimates/summary', headers: { cookie: people.adminCookie } },
      ],
    }),
  },
];

/** Cookies signed as @fastify/cookie signs them, and each customer's current list ETag. */
export async function preparePeople(base: string, data: BenchData, secret: string): Promise<People> {
  const signer = new Signer(secret);
  const cookieFor = (token: string) => `${SESSION_COOKIE}=${encodeURIComponent(signer.sign(token))}`;
  const customers = await Promise.all(
    data.customers.map(async (customer) => {
      const cookie = cookieFor(customer.token);
      const response = await fetch(`${base}/api/estimates`, { headers: { cookie } });
      const list = (await response.json()) as unknown[];
      const etag = response.headers.get('etag');
      if (!response.ok || !etag)
        throw new Error(`GET /api/estimates answered ${response.status} without an ETag`);
      if (list.length !== customer.estimateIds.length) {
        throw new Error(`a customer sees ${list.length} estimates, not ${customer.estimateIds.length}`);
      }
      // What the browser holds of each thread, as the estimate page's poll sends it back.
      const threadTags = await Promise.all(
        customer.estimateIds.map(async (id) => {
          const thread = await fetch(`${base}/api/estimates/${id}/messages`, { headers: { cookie } });
          const tag = thread.headers.get('etag');
          if (!thread.ok || !tag) throw new Error(`GET …/messages answered ${thread.status} without an ETag`);
          await thread.arrayBuffer();
          return tag;
        }),
      );
      return { cookie, etag, estimateIds: customer.estimateIds, threadTags };
    }),
  );
  return { customers, adminCookie: cookieFor(data.adminToken) };
}

export async function runScenario(
  base: string,
  scenario: Scenario,
  people: People,
  seconds: number,
): Promise<Result> {
  return autocannon({
    url: base,
    connections: scenario.connections,
    duration: seconds,
    timeout: 10,
    ...scenario.options(people),
  });
}

export function summarise(scenario: Scenario, result: Result, baseline: number | null): ScenarioResult {
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
  ) as Record<string, number>;
  const answered = Object.values(statusCodes).reduce((sum, count) => sum + count, 0);
  const unexpected = answered - (statusCodes[String(scenario.expectedStatus)] ?? 0);
  const requestsPerSecond = result.requests.average;
  return {
    key: scenario.key,
    name: scenario.name,
    connections: scenario.connections,
    requestsPerSecond,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // result.errors already counts timeouts.
    errors: unexpected + result.errors,
    ratioToBaseline: scenario.key === 'baseline' ? 1 : requestsPerSecond / (baseline ?? Number.NaN),
    statusCodes,
  };
}

/** The busy shop's run (`npm run bench:http`). */
export const BUSY_SHOP_SCENARIOS: ScenarioKey[] = [
  'baseline',
  'list304',
  'list200',
  'messages',
  'messages100',
  'adminList',
  'adminSummary',
];

/** The history shop's (`npm run bench -- --history`): the polling calls at 100 connections, as targeted. */
export const HISTORY_SCENARIOS: ScenarioKey[] = [
  'baseline',
  'list304at100',
  'messages304at100',
  'messages100',
  'list200',
  'adminList',
  'adminSummary',
];
