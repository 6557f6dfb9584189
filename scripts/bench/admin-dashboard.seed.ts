/** The benchmark's data: a busy shop, the same on every run (deterministic). */
import { sql } from 'drizzle-orm';
import { ESTIMATE_STATUSES } from '../../src/domain/estimate-status.js';
import type { Database } from '../../src/server/db/client.js';
import { createUser } from '../../src/server/db/factories.js';
import { estimates, photos, users, vehicles } from '../../src/server/db/schema.js';

export const CUSTOMERS = 200;
export const ESTIMATES = 5_000;
export const ADMIN = { email: 'bench-admin@bench.shop', password: 'bench-admin-password' };

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

/** 200 customers, 5,000 estimates with a vehicle each and one to three photos, and an admin (ADMIN). */
export async function seed(database: Database): Promise<void> {
  const { db } = database;
  const random = generator(1993);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

  await createUser(db, { ...ADMIN, firstName: 'Bench', isAdmin: true });
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
  // Fresh statistics, as autovacuum would have them on a database that grew to this size.
  await db.execute(sql`analyze`);
}
