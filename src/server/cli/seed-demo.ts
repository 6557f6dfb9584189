import { asc, count, eq, inArray } from 'drizzle-orm';
import { dropOffNote, quoteNote } from '#domain/admin-notes.ts';
import { isWeekday, shopToday } from '#domain/drop-off-slots.ts';
import { estimateReference, vehicleTitle } from '#domain/estimate.ts';
import { statusLabel } from '#domain/estimate-status.ts';
import { formatMoney } from '#domain/money.ts';
import { createObjectStore } from '#server/adapters/object-store/create-object-store.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import { loadConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import {
  createAppointment,
  createEstimate,
  createMessage,
  createUser,
  createVehicle,
} from '#server/db/factories.ts';
import { estimates, photos, type UserRow, type VehicleRow, vehicles } from '#server/db/schema.ts';
import { findUserByEmail } from '#server/features/auth/service.ts';
import { placeholderObjectKey, processPhoto, saveProcessedPhoto } from '#server/features/photos/shared.ts';
import { noteColumns } from '#server/i18n/note-text.ts';
import {
  DEMO_ADMIN,
  DEMO_CUSTOMERS,
  DEMO_ESTIMATES,
  DEMO_PASSWORD,
  type DemoEstimate,
  type DemoVehicle,
} from './demo-data.ts';
import { type DemoDamage, demoDamagePhotos } from './demo-photos.ts';
import { seedItemisedEstimates } from './seed-demo-lines.ts';
import { runWithDatabase } from './with-database.ts';

const DAY = 86_400_000;

await runWithDatabase(
  () => null,
  async ({ db }) => {
    // Everything is made in one transaction: when the admin account exists, the whole shop does.
    if (await findUserByEmail(db, DEMO_ADMIN.email)) {
      console.log('Demo data is already there.');
    } else {
      const store = await createObjectStore(loadConfig());
      await db.transaction((tx) => seedShop(tx, store));
      // Counted, not added up: the printout lists every estimate, and the summary must agree with it.
      const [made] = await db.select({ count: count() }).from(estimates);
      console.log(
        `Demo shop created: ${DEMO_CUSTOMERS.length} customers and ${made?.count ?? 0} estimates (one in every status, two of them itemised), each with photos.`,
      );
    }
    await printShop(db);
  },
);

async function seedShop(db: Db, store: ObjectStore): Promise<void> {
  const admin = await createUser(db, { ...DEMO_ADMIN, password: DEMO_PASSWORD, isAdmin: true });
  const owners = new Map<string, UserRow>();
  const cars = new Map<string, { row: VehicleRow; car: DemoVehicle }>();
  for (const { vehicles: owned, ...customer } of DEMO_CUSTOMERS) {
    const user = await createUser(db, { ...customer, password: DEMO_PASSWORD });
    owners.set(user.email, user);
    for (const car of owned) {
      const { color: _paint, ...fields } = car;
      cars.set(car.licensePlate, { row: await createVehicle(db, user.id, fields), car });
    }
  }
  for (const [index, spec] of DEMO_ESTIMATES.entries()) {
    const owner = owners.get(spec.ownerEmail);
    const vehicle = cars.get(spec.licensePlate);
    if (!owner || !vehicle || vehicle.row.userId !== owner.id) {
      throw new Error(
        `demo estimate ${spec.status}: ${spec.licensePlate} is not a car of ${spec.ownerEmail}`,
      );
    }
    const createdAt = new Date(Date.now() - (DEMO_ESTIMATES.length - index) * 2 * DAY);
    await seedEstimate(db, store, { admin, owner, vehicle, spec, createdAt });
  }
  // Two itemised estimates on cars the customers already have: a quote with an optional line, and a
  // repair with a supplement awaiting consent.
  const [quotedFor, inShopFor] = DEMO_CUSTOMERS.map((customer) => owners.get(customer.email));
  const carOf = (owner: UserRow | undefined) =>
    [...cars.values()].find((car) => car.row.userId === owner?.id);
  const [quotedCar, inShopCar] = [carOf(quotedFor), carOf(inShopFor)];
  if (!quotedFor || !inShopFor || !quotedCar || !inShopCar) throw new Error('demo customers have no cars');
  const itemised = await seedItemisedEstimates(
    db,
    { admin: admin.id, quotedFor: quotedFor.id, inShopFor: inShopFor.id },
    { quoted: quotedCar.row.id, inShop: inShopCar.row.id },
    new Date(Date.now() - DAY),
  );
  await attachPhotos(db, store, quotedFor.id, itemised.quoted, quotedCar.car, {
    kind: 'crack',
    area: 'Rear bumper cover',
    spot: { x: 0.95, y: 0.62 },
  });
  await attachPhotos(db, store, inShopFor.id, itemised.inShop, inShopCar.car, {
    kind: 'crush',
    area: 'Front bumper and grille',
    spot: { x: 0.06, y: 0.6 },
  });
}

async function seedEstimate(
  db: Db,
  store: ObjectStore,
  {
    admin,
    owner,
    vehicle,
    spec,
    createdAt,
  }: {
    admin: UserRow;
    owner: UserRow;
    vehicle: { row: VehicleRow; car: DemoVehicle };
    spec: DemoEstimate;
    createdAt: Date;
  },
): Promise<void> {
  const [amount, deductible, coverage, insurer] = spec.amounts ?? [null, null, null, null];
  const estimate = await createEstimate(db, {
    userId: owner.id,
    vehicleId: vehicle.row.id,
    status: spec.status,
    damageDescription: spec.description,
    insuranceCompany: insurer,
    estimatedAmount: amount,
    customerDeductible: deductible,
    insuranceCoverage: coverage,
    createdAt,
  });
  await attachPhotos(db, store, owner.id, estimate.id, vehicle.car, spec.damage);
  await createMessage(db, {
    estimateId: estimate.id,
    authorId: owner.id,
    isFromAdmin: false,
    content: 'Hi, I just sent the photos. When could you take a look?',
    createdAt: new Date(createdAt.getTime() + 3_600_000),
    // Still waiting in the front desk's inbox until the shop has quoted (the quote answers it).
    awaitingReply: !amount,
  });
  if (amount) {
    await createMessage(db, {
      estimateId: estimate.id,
      authorId: admin.id,
      isFromAdmin: true,
      ...noteColumns(
        quoteNote({ estimatedAmount: amount, customerDeductible: deductible, insuranceCoverage: coverage }),
      ),
      createdAt: new Date(createdAt.getTime() + DAY),
    });
  }
  if (spec.status === 'scheduled') {
    const booking = {
      date: nextWeekday(shopToday()),
      slot: '10:00-12:00' as const,
      instructions: 'Park by the office and leave the keys at the front desk.',
    };
    await createAppointment(db, {
      estimateId: estimate.id,
      dropOffDate: booking.date,
      slot: booking.slot,
      instructions: booking.instructions,
      createdBy: admin.id,
    });
    await createMessage(db, {
      estimateId: estimate.id,
      authorId: admin.id,
      isFromAdmin: true,
      ...noteColumns(dropOffNote(booking)),
      createdAt: new Date(createdAt.getTime() + 2 * DAY),
    });
  }
}

/**
 * The estimate's photos go the way an upload goes: a photo row awaiting its bytes, then the image is
 * checked and re-encoded (photo and thumbnail) and stored through the configured object store.
 */
async function attachPhotos(
  db: Db,
  store: ObjectStore,
  uploaderId: string,
  estimateId: string,
  car: DemoVehicle,
  damage: DemoDamage,
): Promise<void> {
  const images = await demoDamagePhotos(
    { title: `${car.year} ${car.make} ${car.model}`, licensePlate: car.licensePlate, color: car.color },
    damage,
  );
  for (const [position, image] of images.entries()) {
    const id = crypto.randomUUID();
    await db.insert(photos).values({
      id,
      uploaderId,
      estimateId,
      objectKey: placeholderObjectKey(id),
      position,
      step: image.step,
    });
    const saved = await saveProcessedPhoto({ db, store }, id, await processPhoto(image.jpeg));
    if (!saved) throw new Error('demo photo was not saved');
  }
}

/** The first weekday after the given 'YYYY-MM-DD' date (drop-offs are taken Monday to Friday). */
function nextWeekday(date: string): string {
  let next = date;
  do {
    const day = new Date(`${next}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + 1);
    next = day.toISOString().slice(0, 10);
  } while (!isWeekday(next));
  return next;
}

/** Each login with what it owns, read back from the database (so a second run prints the same). */
async function printShop(db: Db): Promise<void> {
  console.log(`\nLogins (password for all: ${DEMO_PASSWORD})`);
  console.log(`  admin     ${DEMO_ADMIN.email}  ${DEMO_ADMIN.firstName} ${DEMO_ADMIN.lastName}, the shop`);
  for (const { email } of DEMO_CUSTOMERS) {
    const user = await findUserByEmail(db, email);
    if (!user) continue;
    console.log(`\n  customer  ${email}  ${[user.firstName, user.lastName].join(' ')}`);
    const owned = await db
      .select()
      .from(vehicles)
      .where(eq(vehicles.userId, user.id))
      .orderBy(asc(vehicles.createdAt), asc(vehicles.licensePlate));
    console.log('    Vehicles');
    for (const vehicle of owned) {
      console.log(
        `      ${(vehicleTitle(vehicle) ?? 'Vehicle').padEnd(24)} plate ${(vehicle.licensePlate ?? '-').padEnd(9)} VIN ${vehicle.vin ?? '-'}`,
      );
    }
    const rows = await db
      .select({
        id: estimates.id,
        status: estimates.status,
        amount: estimates.estimatedAmount,
        plate: vehicles.licensePlate,
      })
      .from(estimates)
      .leftJoin(vehicles, eq(vehicles.id, estimates.vehicleId))
      .where(eq(estimates.userId, user.id))
      .orderBy(asc(estimates.createdAt));
    const photoCounts = await countPhotos(
      db,
      rows.map((row) => row.id),
    );
    console.log('    Estimates');
    for (const row of rows) {
      const amount = row.amount ? formatMoney(row.amount) : 'not quoted yet';
      console.log(
        `      #${estimateReference(row.id)}  ${statusLabel(row.status).padEnd(12)} ${(row.plate ?? '-').padEnd(9)} ${amount.padEnd(15)} ${photoCounts.get(row.id) ?? 0} photos`,
      );
    }
  }
}

async function countPhotos(db: Db, estimateIds: string[]): Promise<Map<string, number>> {
  if (estimateIds.length === 0) return new Map();
  const rows = await db
    .select({ estimateId: photos.estimateId, value: count() })
    .from(photos)
    .where(inArray(photos.estimateId, estimateIds))
    .groupBy(photos.estimateId);
  return new Map(rows.map((row) => [row.estimateId ?? '', row.value]));
}
