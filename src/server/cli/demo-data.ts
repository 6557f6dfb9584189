import type { EstimateStatus } from '#domain/estimate-status.ts';
import { vinCheckDigit } from '#domain/vin.ts';
import type { DemoDamage } from './demo-photos.ts';

/**
 * The demo shop: three customers, each with cars of their own (no plate or VIN is shared), and one
 * estimate in every status, each on one of its owner's cars and with photos of its damage.
 */

export const DEMO_PASSWORD = 'demo-shop-1993';
export const DEMO_ADMIN = { email: 'admin@demo.shop', firstName: 'Rick', lastName: 'Alvarez' };

export interface DemoVehicle {
  year: number;
  make: string;
  model: string;
  licensePlate: string;
  vin: string;
  mileage: number;
  color: string;
}

export interface DemoCustomer {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  vehicles: DemoVehicle[];
}

/** A 17-character VIN with its check digit filled in at position 9 (written there as '_'). */
function vin(withBlank: string): string {
  if (withBlank.length !== 17 || withBlank[8] !== '_') throw new Error(`bad VIN pattern: ${withBlank}`);
  return `${withBlank.slice(0, 8)}${vinCheckDigit(withBlank.replace('_', '0'))}${withBlank.slice(9)}`;
}

export const DEMO_CUSTOMERS: DemoCustomer[] = [
  {
    email: 'maria@demo.shop',
    firstName: 'Maria',
    lastName: 'Lopez',
    phone: '(813) 555-0142',
    vehicles: [
      {
        year: 2021,
        make: 'Toyota',
        model: 'RAV4',
        licensePlate: 'LKS4821',
        vin: vin('2T3P1RFV_MW000123'),
        mileage: 28_450,
        color: '#1d4ed8',
      },
      {
        year: 2016,
        make: 'Honda',
        model: 'Civic',
        licensePlate: 'BAY2207',
        vin: vin('19XFC2F5_GE000789'),
        mileage: 88_930,
        color: '#e5e7eb',
      },
    ],
  },
  {
    email: 'james@demo.shop',
    firstName: 'James',
    lastName: 'Carter',
    phone: '(727) 555-0178',
    vehicles: [
      {
        year: 2018,
        make: 'Ford',
        model: 'F-150',
        licensePlate: 'GTR9034',
        vin: vin('1FTEW1EP_JF000456'),
        mileage: 71_200,
        color: '#b91c1c',
      },
      {
        year: 2023,
        make: 'Tesla',
        model: 'Model 3',
        licensePlate: 'EVF1150',
        vin: vin('5YJ3E1EA_PF000321'),
        mileage: 9_800,
        color: '#334155',
      },
    ],
  },
  {
    email: 'linda@demo.shop',
    firstName: 'Linda',
    lastName: 'Nguyen',
    phone: '(352) 555-0116',
    vehicles: [
      {
        year: 2019,
        make: 'Subaru',
        model: 'Outback',
        licensePlate: 'SUN3318',
        vin: vin('4S4BSANC_K3000654'),
        mileage: 54_300,
        color: '#15803d',
      },
      {
        year: 2020,
        make: 'Chevrolet',
        model: 'Equinox',
        licensePlate: 'PAS7746',
        vin: vin('2GNAXKEV_L6000987'),
        mileage: 39_650,
        color: '#a16207',
      },
    ],
  },
];

export interface DemoEstimate {
  status: EstimateStatus;
  ownerEmail: string;
  licensePlate: string;
  description: string;
  damage: DemoDamage;
  /** Total, deductible, insurance coverage, insurer. */
  amounts: [string, string | null, string | null, string | null] | null;
}

/** One estimate in every status, oldest first. */
export const DEMO_ESTIMATES: DemoEstimate[] = [
  {
    status: 'pending',
    ownerEmail: 'maria@demo.shop',
    licensePlate: 'LKS4821',
    description:
      'Backed into a post in a parking lot. Rear bumper cracked on the left corner, tail light scuffed.',
    damage: { kind: 'crack', area: 'Rear bumper, left corner', spot: { x: 0.96, y: 0.6 } },
    amounts: null,
  },
  {
    status: 'quoted',
    ownerEmail: 'james@demo.shop',
    licensePlate: 'GTR9034',
    description: 'Hail storm on I-75 left dozens of small dents across the hood and roof.',
    damage: { kind: 'hail', area: 'Hood and roof', spot: { x: 0.45, y: 0.1 } },
    amounts: ['3850.00', '500.00', '3350.00', 'State Farm'],
  },
  {
    status: 'approved',
    ownerEmail: 'linda@demo.shop',
    licensePlate: 'SUN3318',
    description: 'Side-swiped on SR-54: driver door and rear quarter panel dented, mirror housing broken.',
    damage: { kind: 'dent', area: 'Driver door and rear quarter panel', spot: { x: 0.62, y: 0.5 } },
    amounts: ['2475.50', '250.00', '2225.50', 'GEICO'],
  },
  {
    status: 'declined',
    ownerEmail: 'maria@demo.shop',
    licensePlate: 'BAY2207',
    description: 'Deep key scratch along the passenger side, both doors.',
    damage: { kind: 'scratch', area: 'Passenger side, both doors', spot: { x: 0.55, y: 0.55 } },
    amounts: ['980.00', null, null, null],
  },
  {
    status: 'scheduled',
    ownerEmail: 'james@demo.shop',
    licensePlate: 'EVF1150',
    description: 'Front-end collision at low speed. Bumper cover, grille and right headlight need replacing.',
    damage: { kind: 'crush', area: 'Front bumper and headlight', spot: { x: 0.05, y: 0.55 } },
    amounts: ['4120.75', '1000.00', '3120.75', 'Progressive'],
  },
  {
    status: 'in_progress',
    ownerEmail: 'linda@demo.shop',
    licensePlate: 'PAS7746',
    description:
      'Tree branch fell on the roof during the storm: roof panel and windshield frame damaged, sunroof seal torn and leaking.',
    damage: { kind: 'crush', area: 'Roof panel and windshield frame', spot: { x: 0.42, y: 0.08 } },
    amounts: ['6890.00', '500.00', '6390.00', 'USAA'],
  },
  {
    status: 'completed',
    ownerEmail: 'maria@demo.shop',
    licensePlate: 'LKS4821',
    description: 'Door ding and paint chip on the tailgate.',
    damage: { kind: 'chip', area: 'Tailgate', spot: { x: 0.97, y: 0.45 } },
    amounts: ['425.00', null, null, null],
  },
  {
    status: 'cancelled',
    ownerEmail: 'james@demo.shop',
    licensePlate: 'GTR9034',
    description: 'Small dent on the fender, customer decided to wait.',
    damage: { kind: 'dent', area: 'Front fender, driver side', spot: { x: 0.15, y: 0.5 } },
    amounts: ['310.00', null, null, null],
  },
];
