/**
 * The owner's pages at size: each call the staff's screens make (dashboard, estimates list with filters
 * and paging, searches, calendar, front-desk inbox, CSI), asked by one person at a time, one after the
 * other, so each latency is the server's work for one page and not a queue's. autocannon reports no p95,
 * hence this loop.
 */
import http from 'node:http';

export interface OwnerCall {
  name: string;
  path: string;
}

export interface OwnerCallResult {
  name: string;
  path: string;
  requests: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** Answers other than 200. */
  errors: number;
}

/** The first page of the list: an estimate's plate and customer, for the searches that need real ones. */
interface FirstPage {
  items: { customer: { id: string; name: string | null }; vehicle: { licensePlate: string | null } | null }[];
  total: number;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The calls, with a plate, a name and dates taken from the shop itself. */
export async function ownerCalls(base: string, cookie: string, now = new Date()): Promise<OwnerCall[]> {
  const first = (await get(base, '/api/admin/estimates?status=completed', cookie)).json as FirstPage;
  const sample = first.items.find((item) => item.vehicle?.licensePlate && item.customer.name);
  const plate = sample?.vehicle?.licensePlate ?? 'ABC1234';
  const lastName = sample?.customer.name?.split(' ').at(-1) ?? 'Garcia';
  const yearAgo = new Date(now.getTime() - 365 * 86_400_000);
  const month = day(now).slice(0, 7);
  const middlePage = Math.max(1, Math.floor(first.total / 25 / 2));
  return [
    { name: 'dashboard summary', path: '/api/admin/estimates/summary' },
    { name: 'estimates, page 1', path: '/api/admin/estimates' },
    { name: 'estimates, active', path: '/api/admin/estimates?status=active' },
    {
      name: 'estimates, completed last year',
      path: `/api/admin/estimates?status=completed&from=${day(yearAgo)}&to=${day(now)}`,
    },
    { name: 'estimates, balance due', path: '/api/admin/estimates?balanceDue=true' },
    {
      name: 'estimates, completed, middle page',
      path: `/api/admin/estimates?status=completed&page=${middlePage}`,
    },
    { name: 'estimates, search a name', path: `/api/admin/estimates?q=${encodeURIComponent(lastName)}` },
    { name: 'estimates, one customer', path: `/api/admin/estimates?customerId=${sample?.customer.id ?? ''}` },
    { name: 'customer search', path: `/api/customers?q=${encodeURIComponent(lastName.toLowerCase())}` },
    {
      name: 'vehicle search (plate start)',
      path: `/api/admin/vehicles?q=${encodeURIComponent(plate.slice(0, 4))}`,
    },
    { name: 'plate lookup', path: `/api/admin/plates/${encodeURIComponent(plate)}/estimates` },
    { name: 'calendar month', path: `/api/admin/calendar?month=${month}` },
    { name: 'front-desk inbox', path: '/api/admin/inbox' },
    { name: 'front-desk awaiting customer', path: '/api/admin/awaiting-customer' },
    { name: 'CSI figures', path: '/api/admin/csi' },
    { name: 'CSI overview', path: '/api/admin/csi/overview' },
    { name: 'call-backs', path: '/api/admin/recovery' },
  ];
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** Uncompressed, to read the answer. */
function get(base: string, path: string, cookie: string): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, base), { agent, headers: { cookie } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode !== 200)
          reject(new Error(`GET ${path} answered ${response.statusCode}: ${body}`));
        else resolve({ status: 200, json: JSON.parse(body) });
      });
    });
    request.on('error', reject);
  });
}

function timedGet(base: string, path: string, cookie: string): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      new URL(path, base),
      { agent, headers: { cookie, 'accept-encoding': 'gzip' } },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }),
        );
      },
    );
    request.on('error', reject);
  });
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;

/**
 * One call asked again and again for `seconds` (at least `minimum` times unless that takes over
 * `max(30, 5 × seconds)` s, and then at least 5; at most `maximum`), after two warm-up asks: its latencies.
 */
export async function measureCall(
  base: string,
  cookie: string,
  call: OwnerCall,
  options: { seconds: number; minimum?: number; maximum?: number },
): Promise<OwnerCallResult> {
  for (let i = 0; i < 2; i++) await timedGet(base, call.path, cookie);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  // A call of seconds (a deep OFFSET page) gets a few asks, not twenty: the run must end.
  const hardStop = started + Math.max(30, options.seconds * 5) * 1000;
  const minimum = options.minimum ?? 20;
  const maximum = options.maximum ?? 500;
  const more = () =>
    latencies.length < maximum &&
    (performance.now() < until ||
      (latencies.length < minimum && (latencies.length < 5 || performance.now() < hardStop)));
  while (more()) {
    const { status, ms } = await timedGet(base, call.path, cookie);
    if (status !== 200) errors++;
    latencies.push(ms);
  }
  latencies.sort((a, b) => a - b);
  return {
    name: call.name,
    path: call.path,
    requests: latencies.length,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    maxMs: latencies.at(-1) ?? Number.NaN,
    errors,
  };
}
