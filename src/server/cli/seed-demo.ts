import { dropOffNote, quoteNote } from '#domain/admin-notes.ts';
import { isWeekday, shopToday } from '#domain/drop-off-slots.ts';
import { ESTIMATE_STATUSES, type EstimateStatus } from '#domain/estimate-status.ts';
import {
  createAppointment,
  createEstimate,
  createMessage,
  createUser,
  createVehicle,
} from '#server/db/factories.ts';
import { findUserByEmail } from '#server/features/auth/service.ts';
import { seedItemisedEstimates } from './seed-demo-lines.ts';
import { runWithDatabase } from './with-database.ts';

const DEMO_PASSWORD = 'demo-shop-1993';
const ADMIN = { email: 'admin@demo.shop', firstName: 'Rick', lastName: 'Alvarez' };
const CUSTOMERS = [
  { email: 'maria@demo.shop', firstName: 'Maria', lastName: 'Lopez', phone: '(813) 555-0142' },
  { email: 'james@demo.shop', firstName: 'James', lastName: 'Carter', phone: '(727) 555-0178' },
  { email: 'linda@demo.shop', firstName: 'Linda', lastName: 'Nguyen', phone: '(352) 555-0116' },
];
const VEHICLES = [
  {
    year: 2021,
    make: 'Toyota',
    model: 'RAV4',
    licensePlate: 'LKS4821',
    vin: '2T3P1RFV8MW000123',
    mileage: 28_450,
  },
  {
    year: 2018,
    make: 'Ford',
    model: 'F-150',
    licensePlate: 'GTR9034',
    vin: '1FTEW1EP5JF000456',
    mileage: 71_200,
  },
  {
    year: 2016,
    make: 'Honda',
    model: 'Civic',
    licensePlate: 'BAY2207',
    vin: '19XFC2F59GE000789',
    mileage: 88_930,
  },
  {
    year: 2023,
    make: 'Tesla',
    model: 'Model 3',
    licensePlate: 'EVF1150',
    vin: '5YJ3E1EA7PF000321',
    mileage: 9_800,
  },
];
const DAMAGE: Record<EstimateStatus, string> = {
  pending: 'Backed into a post in a parking lot. Rear bumper cracked on the left corner, tail light scuffed.',
  quoted: 'Hail storm on I-75 left dozens of small dents across the hood and roof.',
  approved: 'Side-swiped on SR-54: driver door and rear quarter panel dented, mirror housing broken.',
  declined: 'Deep key scratch along the passenger side, both doors.',
  scheduled: 'Front-end collision at low speed. Bumper cover, grille and right headlight need replacing.',
  in_progress: 'Tree branch fell on the roof during the storm; roof panel and windshield frame damaged.',
  completed: 'Door ding and paint chip on the tailgate.',
  cancelled: 'Small dent on the fender, customer decided to wait.',
};
const AMOUNTS: Partial<Record<EstimateStatus, [string, string | null, string | null, string | null]>> = {
  quoted: ['3850.00', '500.00', '3350.00', 'State Farm'],
  approved: ['2475.50', '250.00', '2225.50', 'GEICO'],
  declined: ['980.00', null, null, null],
  scheduled: ['4120.75', '1000.00', '3120.75', 'Progressive'],
  in_progress: ['6890.00', '500.00', '6390.00', 'USAA'],
  completed: ['425.00', null, null, null],
  cancelled: ['310.00', null, null, null],
};

await runWithDatabase(
  () => null,
  async ({ db }) => {
    if (await findUserByEmail(db, ADMIN.email)) {
      console.log('Demo data is already there.');
      printLogins();
      return;
    }
    const admin = await createUser(db, { ...ADMIN, password: DEMO_PASSWORD, isAdmin: true });
    const customers = [];
    for (const customer of CUSTOMERS)
      customers.push(await createUser(db, { ...customer, password: DEMO_PASSWORD }));

    const day = 86_400_000;
    let index = 0;
    for (const status of ESTIMATE_STATUSES) {
      const owner = customers[index % customers.length];
      const spec = VEHICLES[index % VEHICLES.length];
      if (!owner || !spec) continue;
      const vehicle = await createVehicle(db, owner.id, spec);
      const [amount, deductible, coverage, insurer] = AMOUNTS[status] ?? [null, null, null, null];
      const createdAt = new Date(Date.now() - (ESTIMATE_STATUSES.length - index) * 2 * day);
      const estimate = await createEstimate(db, {
        userId: owner.id,
        vehicleId: vehicle.id,
        status,
        damageDescription: DAMAGE[status],
        insuranceCompany: insurer,
        estimatedAmount: amount,
        customerDeductible: deductible,
        insuranceCoverage: coverage,
        createdAt,
      });
      await createMessage(db, {
        estimateId: estimate.id,
        authorId: owner.id,
        isFromAdmin: false,
        content: 'Hi, I just sent the photos. When could you take a look?',
        createdAt: new Date(createdAt.getTime() + 3_600_000),
      });
      if (amount) {
        await createMessage(db, {
          estimateId: estimate.id,
          authorId: admin.id,
          isFromAdmin: true,
          content: quoteNote({
            estimatedAmount: amount,
            customerDeductible: deductible,
            insuranceCoverage: coverage,
          }),
          createdAt: new Date(createdAt.getTime() + day),
        });
      }
      if (status === 'scheduled') {
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
          content: dropOffNote(booking),
          createdAt: new Date(createdAt.getTime() + 2 * day),
        });
      }
      index++;
    }
    const [maria, james] = customers;
    const [rav4, f150] = [VEHICLES[0], VEHICLES[1]];
    if (maria && james && rav4 && f150) {
      await seedItemisedEstimates(
        db,
        { admin: admin.id, quotedFor: maria.id, inShopFor: james.id },
        {
          quoted: (await createVehicle(db, maria.id, { ...rav4, licensePlate: 'LKS4822' })).id,
          inShop: (await createVehicle(db, james.id, { ...f150, licensePlate: 'GTR9035' })).id,
        },
        new Date(Date.now() - day),
      );
    }
    console.log(
      `Demo shop created: ${customers.length} customers, ${ESTIMATE_STATUSES.length} estimates (one in every status), ` +
        'and two itemised ones (a quote with an optional line; a repair with a supplement awaiting consent).',
    );
    printLogins();
  },
);

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

function printLogins() {
  console.log(`\nLogins (password for all: ${DEMO_PASSWORD})`);
  console.log(`  admin     ${ADMIN.email}`);
  for (const customer of CUSTOMERS) console.log(`  customer  ${customer.email}`);
}
