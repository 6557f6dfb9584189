/**
 * The HTTP benchmark's data: a busy shop, the same on every run (deterministic), written in bulk
 * straight through the app's database client and schema. Sessions are made as sign-in makes them,
 * so the benchmark can sign their cookies itself instead of signing in 201 times.
 */
import { sql } from 'drizzle-orm';
import { ESTIMATE_STATUSES } from '#domain/estimate-status.ts';
import type { Database } from '#server/db/client.ts';
import { estimates, messages, payments, photos, sessions, users, vehicles } from '#server/db/schema.ts';
import { newSession } from '#server/sessions/session-store.ts';

export const CUSTOMERS = 200;
export const ESTIMATES = 5_000;

export interface BenchCustomer {
  /** The session token, unsigned: the benchmark signs it with the server's secret. */
  token: string;
  estimateIds: string[];
}

export interface BenchData {
  customers: BenchCustomer[];
  adminToken: string;
}

const FIRST_NAMES = ['Maria', 'James', 'Linda', 'Robert', 'Ana', 'David', 'Grace', 'Luis', 'Emma', 'Noah'];
const LAST_NAMES = [
  'Lopez',
  'Carter',
  'Nguyen',
  'Smith',
  'Patel',
  'Johnson',
  'Garcia',
  'Brown',
  'Kim',
  'Diaz',
];
const CARS = [
  ['Toyota', 'Camry'],
  ['Honda', 'Civic'],
  ['Ford', 'F-150'],
  ['Tesla', 'Model 3'],
  ['Chevrolet', 'Silverado'],
  ['Nissan', 'Altima'],
  ['Jeep', 'Wrangler'],
  ['Subaru', 'Outback'],
] as const;
const DAMAGE = [
  'Rear bumper cracked on the left corner after backing into a post; tail light scuffed and loose.',
  'Hail storm left dozens of small dents across the hood and roof, windshield chipped in two places.',
  'Side-swiped on SR-54: driver door and rear quarter panel dented, mirror housing broken off.',
  'Front-end collision at low speed. Bumper cover, grille and right headlight need replacing.',
  'Deep key scratch along the passenger side, both doors, down to the primer in places.',
];
const INSURERS = [null, null, 'State Farm', 'GEICO', 'Progressive', 'Allstate', 'USAA'];
const CUSTOMER_LINES = [
  'Hi, when can I drop the car off?',
  'Thanks! Does the quote include the paint blending?',
  'My adjuster said they will call you tomorrow.',
  'Is there a rental car option while it is in the shop?',
];
const SHOP_LINES = [
  'We can take it Monday morning, drop-off between 8 and 10.',
  'Yes, blending into the adjacent panels is included.',
  'Thanks, we will wait for the adjuster before ordering parts.',
  'Enterprise next door gives our customers a discount.',
];

/** A small deterministic generator, so every run measures the same data. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function insertInChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/**
 * 200 customers with 25 estimates each (a vehicle each, one to three photos, up to six messages,
 * a payment on some), an admin, and one session per person.
 */
export async function seedBenchData(database: Database): Promise<BenchData> {
  const { db } = database;
  const random = generator(1993);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

  const [admin] = await db
    .insert(users)
    .values({ email: 'bench-admin@bench.shop', firstName: 'Bench', isAdmin: true })
    .returning({ id: users.id });
  if (!admin) throw new Error('admin insert returned nothing');
  const customerRows = Array.from({ length: CUSTOMERS }, (_, i) => ({
    email: `customer${i}@bench.shop`,
    firstName: pick(FIRST_NAMES),
    lastName: pick(LAST_NAMES),
    phone: `(813) 555-${String(1000 + i).slice(-4)}`,
  }));
  const customers = await db.insert(users).values(customerRows).returning({ id: users.id });

  const vehicleRows = Array.from({ length: ESTIMATES }, (_, i) => {
    const [make, model] = pick(CARS);
    return {
      id: crypto.randomUUID(),
      userId: (customers[i % customers.length] as { id: string }).id,
      year: 2005 + Math.floor(random() * 20),
      make,
      model,
      licensePlate: `B${String(i).padStart(5, '0')}${String.fromCharCode(65 + (i % 26))}`,
      vin: `1HGBH41JXMN${String(i).padStart(6, '0')}`,
      mileage: Math.floor(random() * 150_000),
    };
  });
  await insertInChunks(vehicleRows, 1000, (chunk) => db.insert(vehicles).values(chunk));

  const now = Date.now();
  const threeYears = 3 * 365 * 86_400_000;
  const estimateRows = vehicleRows.map((vehicle) => {
    const status = pick(ESTIMATE_STATUSES);
    const insurer = pick(INSURERS);
    const amount = status === 'pending' ? null : (200 + random() * 12_000).toFixed(2);
    const createdAt = new Date(now - Math.floor(random() * threeYears));
    return {
      id: crypto.randomUUID(),
      userId: vehicle.userId,
      vehicleId: vehicle.id,
      status,
      estimateType: insurer ? ('insurance' as const) : ('cash' as const),
      damageDescription: pick(DAMAGE),
      insuranceCompany: insurer,
      estimatedAmount: amount,
      createdAt,
      updatedAt: createdAt,
    };
  });
  await insertInChunks(estimateRows, 1000, (chunk) => db.insert(estimates).values(chunk));

  const photoRows = estimateRows.flatMap((estimate) =>
    Array.from({ length: 1 + Math.floor(random() * 3) }, (_, position) => {
      const id = crypto.randomUUID();
      return {
        id,
        uploaderId: estimate.userId,
        estimateId: estimate.id,
        status: 'ready' as const,
        objectKey: `photos/${id}.jpg`,
        thumbnailKey: `photos/${id}.thumb.webp`,
        contentType: 'image/jpeg',
        position,
      };
    }),
  );
  await insertInChunks(photoRows, 1000, (chunk) => db.insert(photos).values(chunk));

  const messageRows = estimateRows.flatMap((estimate) =>
    Array.from({ length: Math.floor(random() * 7) }, (_, n) => {
      const fromShop = n % 2 === 1;
      return {
        estimateId: estimate.id,
        authorId: fromShop ? admin.id : estimate.userId,
        isFromAdmin: fromShop,
        content: pick(fromShop ? SHOP_LINES : CUSTOMER_LINES),
        createdAt: new Date(estimate.createdAt.getTime() + (n + 1) * 3_600_000),
      };
    }),
  );
  await insertInChunks(messageRows, 1000, (chunk) => db.insert(messages).values(chunk));

  const paymentRows = estimateRows
    .filter((estimate) => estimate.status === 'completed' && estimate.estimatedAmount)
    .map((estimate) => ({
      estimateId: estimate.id,
      userId: estimate.userId,
      provider: 'test',
      providerIntentId: `pi_bench_${estimate.id}`,
      amountCents: Math.round(Number(estimate.estimatedAmount) * 100),
      status: 'succeeded' as const,
      cardBrand: 'visa',
      cardLast4: '4242',
      paidAt: estimate.createdAt,
    }));
  await insertInChunks(paymentRows, 1000, (chunk) => db.insert(payments).values(chunk));

  const customerSessions = customers.map((customer) => newSession(customer.id, 30));
  const adminSession = newSession(admin.id, 30);
  await db.insert(sessions).values([...customerSessions.map((s) => s.row), adminSession.row]);
  // Fresh statistics and visibility map, as autovacuum keeps them on a database that grew to this size,
  // and the bulk load's pages written out now rather than by the checkpointer during the first scenarios.
  await db.execute(sql`vacuum analyze`);
  await db.execute(sql`checkpoint`);

  const idsByCustomer = new Map<string, string[]>();
  for (const estimate of estimateRows) {
    const list = idsByCustomer.get(estimate.userId) ?? [];
    list.push(estimate.id);
    idsByCustomer.set(estimate.userId, list);
  }
  return {
    customers: customers.map((customer, i) => ({
      token: (customerSessions[i] as { token: string }).token,
      estimateIds: idsByCustomer.get(customer.id) ?? [],
    })),
    adminToken: adminSession.token,
  };
}
