import { z } from 'zod';
import { MAX_LINES } from './estimate-lines.ts';
import { estimateStatusSchema } from './estimate-status-schema.ts';
import { ESTIMATE_TYPES } from './insurance.ts';
import { LANGUAGES } from './language.ts';
import { MAX_AMOUNT_CENTS, toCents } from './money.ts';
import { MAX_PHOTOS_PER_ESTIMATE, photoUrlSchema } from './photos.ts';
import { multiLineText, oneLineText } from './plain-text.ts';
import { promisedDateUpdateSchema } from './repair-progress.ts';
import { approvalConsentSchema, expectedAmountSchema } from './status-transitions.ts';
import { normalizePlate } from './vehicle-identity.ts';
import { vinSchema } from './vin.ts';

/** Request bodies of the estimate calls: the server validates with these, the forms reuse them. */

export const MISSING_VEHICLE_INFO = 'Please fill in all vehicle information fields including license plate.';
export const MISSING_VIN_OR_ODOMETER = 'Please provide VIN number and odometer reading.';
export const MISSING_OVERVIEW_PHOTO = 'Please take the required Vehicle Overview photo.';

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, `Must be at most ${max} characters`);
const required = (max: number, message: string) => text(max, message).min(1, message);
/** An optional text field, '' when left out; `plain` refuses control characters (see plain-text.ts). */
const optional = (max: number, plain?: ReturnType<typeof oneLineText>) => {
  const field = z.string({ error: 'Must be text' }).trim().max(max, `Must be at most ${max} characters`);
  return (plain ? field.refine(...plain) : field).optional().default('');
};

export const WORK_DESCRIPTION_MAX_LENGTH = 5000;

/** The newest model year a vehicle can have: makers sell next year's models early. */
export const nextModelYear = () => new Date().getFullYear() + 2;

/** Year arrives as typed (a string) or as a number; stored as an integer. */
export const vehicleYearSchema = z
  .union([z.string(), z.number()], { error: MISSING_VEHICLE_INFO })
  .transform((value) => (typeof value === 'number' ? value : value.trim()))
  .refine((value) => value !== '', MISSING_VEHICLE_INFO)
  .transform(Number)
  .refine(
    (year) => Number.isInteger(year) && year >= 1900 && year <= nextModelYear(),
    'Please enter a valid vehicle year.',
  );

/** A plate as stored: normalised ('qrt 5521' → 'QRT5521'); one made of spaces and dashes only is none. */
const plate = (message: string) =>
  required(15, message)
    .refine(...oneLineText('License plate'))
    .transform(normalizePlate)
    .refine((value) => value !== '', message);

export const licensePlateSchema = plate('License plate is required');

const odometerSchema = z
  .union([z.string(), z.number()], { error: MISSING_VIN_OR_ODOMETER })
  .transform((value) => (typeof value === 'number' ? String(value) : value.replaceAll(',', '').trim()))
  .refine((value) => value !== '', MISSING_VIN_OR_ODOMETER)
  .refine((value) => /^\d{1,7}$/.test(value), 'Please enter the odometer reading in whole miles.')
  .transform(Number);

export const NEW_CUSTOMER_NAME_REQUIRED = "Enter the customer's first and last name.";

/** The walk-in customer staff create with an estimate: a name to greet, an address to write to. */
export const newCustomerSchema = z.strictObject(
  {
    firstName: required(100, NEW_CUSTOMER_NAME_REQUIRED).refine(...oneLineText('First name')),
    lastName: required(100, NEW_CUSTOMER_NAME_REQUIRED).refine(...oneLineText('Last name')),
    email: z
      .string({ error: "Enter the customer's e-mail." })
      .trim()
      .max(254, 'Please enter a valid email address')
      .pipe(z.email({ error: 'Please enter a valid email address' })),
    phone: optional(30, oneLineText('Phone')),
    /** What the customer reads: the welcome e-mail and everything after it. */
    language: z.enum(LANGUAGES, { error: 'language must be "en" or "es"' }).default('en'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : NEW_CUSTOMER_NAME_REQUIRED) },
);
export type NewCustomer = z.output<typeof newCustomerSchema>;

/** Unknown keys are refused rather than dropped: a misspelt field must not pass silently. */
export const batchCreateEstimateSchema = z.strictObject({
  vehicleInfo: z.strictObject(
    {
      year: vehicleYearSchema,
      make: required(50, MISSING_VEHICLE_INFO).refine(...oneLineText('Make')),
      model: required(50, MISSING_VEHICLE_INFO).refine(...oneLineText('Model')),
      licensePlate: plate(MISSING_VEHICLE_INFO),
    },
    // A missing or malformed vehicleInfo gets the spec's message; an unknown key keeps its own.
    { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : MISSING_VEHICLE_INFO) },
  ),
  photos: z
    .array(photoUrlSchema, { error: MISSING_OVERVIEW_PHOTO })
    .min(1, MISSING_OVERVIEW_PHOTO)
    .max(MAX_PHOTOS_PER_ESTIMATE, `At most ${MAX_PHOTOS_PER_ESTIMATE} photos per estimate`),
  // A real VIN (check digit and all, see vin.ts): a mistyped one would follow the car to its papers.
  vinNumber: required(40, MISSING_VIN_OR_ODOMETER)
    .refine(...oneLineText('VIN'))
    .pipe(vinSchema),
  odometerReading: odometerSchema,
  // An address with a control character in it is no address: the check below refuses it.
  email: optional(254).refine(
    (value) => value === '' || z.email().safeParse(value).success,
    'Please enter a valid email address',
  ),
  phone: optional(30, oneLineText('Phone')),
  /** "Text me updates" for `phone`, ticked by the customer (SMS_OPT_IN_WORDING is what they agreed to). */
  smsOptIn: z.boolean({ error: 'smsOptIn must be true or false' }).default(false),
  insuranceCompany: optional(100, oneLineText('Insurance company')),
  workDescription: optional(WORK_DESCRIPTION_MAX_LENGTH, multiLineText('Description')),
  estimateType: z.enum(ESTIMATE_TYPES, { error: 'Estimate type must be cash or insurance' }).default('cash'),
  customerId: z.uuid({ error: 'Customer not found' }).optional(),
  /** Staff only: a walk-in customer to create with the estimate (decision 064). */
  customer: newCustomerSchema.optional(),
  /** A known car of the estimate's customer, reused instead of stored again (decision 064). */
  vehicleId: z.uuid({ error: 'Vehicle not found' }).optional(),
});
export type BatchCreateEstimateInput = z.input<typeof batchCreateEstimateSchema>;
export type BatchCreateEstimate = z.output<typeof batchCreateEstimateSchema>;

export const AMOUNT_TOO_LARGE = 'Amounts must be at most $999,999.99';

/** An amount field: a decimal string or number with at most two decimals, 0 or more; empty means none. */
export const moneyInputSchema = z
  .union([z.string(), z.number(), z.null()], { error: 'Amounts must be numbers' })
  .transform((value, ctx) => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const cents = toCents(value);
    if (cents === null || cents < 0) {
      ctx.addIssue({ code: 'custom', message: 'Amounts must be 0 or more, with at most two decimals' });
      return z.NEVER;
    }
    if (cents > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_TOO_LARGE });
      return z.NEVER;
    }
    return cents;
  });

/**
 * With `approved`, the customer may decline optional lines by id (the totals leave them out); the
 * server checks that each is one of the estimate's optional lines. `expectedAmount` is the total the
 * approver saw (the quoted total, before any optional line is declined): optional for the spec's
 * older clients, always sent by this app. `consent` is staff's record of how the customer approved.
 */
const statusUpdateSchema = z.strictObject({
  status: estimateStatusSchema,
  expectedAmount: expectedAmountSchema.optional(),
  consent: approvalConsentSchema.optional(),
  declinedLineIds: z
    .array(z.uuid({ error: 'declinedLineIds must be ids of the estimate’s lines' }), {
      error: 'declinedLineIds must be a list of line ids',
    })
    .max(MAX_LINES, `At most ${MAX_LINES} line ids`)
    .optional(),
});
const amountsUpdateSchema = z.strictObject({
  estimatedAmount: moneyInputSchema,
  customerDeductible: moneyInputSchema.optional(),
  insuranceCoverage: moneyInputSchema.optional(),
});
const photosUpdateSchema = z.strictObject({
  photos: z
    .array(photoUrlSchema, { error: 'Photos must be a list of photo URLs' })
    .max(MAX_PHOTOS_PER_ESTIMATE, `At most ${MAX_PHOTOS_PER_ESTIMATE} photos per estimate`),
});

const UPDATE_SHAPES = 'Send a status, the amounts, the list of photos, or the promised date';

/**
 * A failed union lists every branch's issues; the caller needs the one of the shape they meant,
 * told by the keys they sent ({status: 'bogus'} → 'Unknown status: bogus').
 */
function updateEstimateError(issue: { code?: string; input?: unknown; errors?: unknown }): string {
  const input = issue.input;
  if (issue.code !== 'invalid_union' || typeof input !== 'object' || input === null) return UPDATE_SHAPES;
  const branch =
    'status' in input
      ? 0
      : 'photos' in input
        ? 2
        : 'estimatedAmount' in input
          ? 1
          : 'promisedDate' in input
            ? 3
            : -1;
  const branches = Array.isArray(issue.errors) ? (issue.errors as { message?: string }[][]) : [];
  return branches[branch]?.[0]?.message ?? UPDATE_SHAPES;
}

/** PATCH /api/estimates/{id}: one of the three shapes the spec names. */
export const updateEstimateSchema = z.union(
  [statusUpdateSchema, amountsUpdateSchema, photosUpdateSchema, promisedDateUpdateSchema],
  {
    error: updateEstimateError,
  },
);
export type UpdateEstimate = z.output<typeof updateEstimateSchema>;

/** PUT /api/estimates/{id}/photos */
export const attachPhotoSchema = z.strictObject({ photoURL: photoUrlSchema });

/** PATCH /api/vehicles/{id} */
export const updateVehicleSchema = z.strictObject({ licensePlate: licensePlateSchema });

/** POST /api/admin/vehicles/{id}/merge: the vehicle to keep; {id} is the duplicate, deleted. */
export const mergeVehiclesSchema = z.strictObject({
  intoVehicleId: z.uuid({ error: 'intoVehicleId must be the id of the vehicle to keep' }),
});

/** GET /api/estimates/{id}/receipt: what the public confirmation page may show, nothing private. */
export const estimateReceiptSchema = z.object({
  reference: z.string(),
  /** The status as a customer reads it ("Pending Review"…), not its code. */
  status: z.string(),
  submittedAt: z.string(),
});
export type EstimateReceipt = z.infer<typeof estimateReceiptSchema>;
