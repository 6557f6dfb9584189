import type { ToastOptions } from '#client/components/ui/use-toast.ts';
import {
  type BatchCreateEstimateInput,
  MISSING_OVERVIEW_PHOTO,
  MISSING_VEHICLE_INFO,
  MISSING_VIN_OR_ODOMETER,
  nextModelYear,
} from '#domain/estimate-requests.ts';
import type { Vehicle } from '#domain/estimate-schema.ts';
import type { EstimateType } from '#domain/insurance.ts';
import type { Language } from '#domain/language.ts';
import { multiLineText, oneLineText } from '#domain/plain-text.ts';
import type { PublicUser } from '#domain/public-user.ts';
import { isSameCar } from '#domain/vehicle-identity.ts';
import { vinProblem } from '#domain/vin.ts';

export const OTHER_INSURANCE = 'Other';

/** What the photo workflow form holds, exactly as typed. */
export interface EstimateFormValues {
  year: string;
  make: string;
  model: string;
  licensePlate: string;
  vinNumber: string;
  odometerReading: string;
  email: string;
  phone: string;
  /** "Text me updates" at that phone (customers only). */
  smsOptIn: boolean;
  estimateType: EstimateType;
  insuranceCompany: string;
  customInsuranceName: string;
  workDescription: string;
  /** The known vehicle picked from the customer's list ('' when typed in); see vehicleIdToSend. */
  vehicleId: string;
  /** A walk-in customer the shop creates with the estimate (staff only): their name and language. */
  firstName: string;
  lastName: string;
  language: Language;
}

/**
 * A customer's own e-mail and phone are filled in for them. An admin usually sends photos for
 * someone else, so their fields start empty and are filled when a customer is picked.
 */
export function emptyEstimateForm(user: PublicUser | null): EstimateFormValues {
  const own = user && !user.isAdmin ? user : null;
  return {
    year: '',
    make: '',
    model: '',
    licensePlate: '',
    vinNumber: '',
    odometerReading: '',
    email: own?.email ?? '',
    phone: own?.phone ?? '',
    smsOptIn: false,
    estimateType: 'cash',
    insuranceCompany: '',
    customInsuranceName: '',
    workDescription: '',
    vehicleId: '',
    firstName: '',
    lastName: '',
    language: 'en',
  };
}

const blank = (value: string) => value.trim() === '';

export type VehicleField = 'year' | 'make' | 'model' | 'licensePlate' | 'odometerReading' | 'vinNumber';

/** What a vehicle field can say is wrong with it (shown in the page's language: request-text.ts). */
export const VEHICLE_PROBLEMS = {
  enterYear: 'Enter the year.',
  invalidYear: 'Please enter a valid vehicle year.',
  enterMake: 'Enter the make.',
  enterModel: 'Enter the model.',
  enterPlate: 'Enter the license plate.',
  enterOdometer: 'Enter the odometer reading.',
  wholeMiles: 'Please enter the odometer reading in whole miles.',
  enterVin: 'Enter the VIN.',
} as const;

/**
 * What is wrong with each vehicle field, shown next to the field when the request is sent (true when
 * nothing is). The server checks the same again; these only save a round trip and say where.
 */
export const VEHICLE_FIELD_CHECKS: Record<VehicleField, (value: string) => string | true> = {
  year: (value) => {
    if (blank(value)) return VEHICLE_PROBLEMS.enterYear;
    const year = Number(value.trim());
    const valid = /^\d{4}$/.test(value.trim()) && year >= 1900 && year <= nextModelYear();
    return valid || VEHICLE_PROBLEMS.invalidYear;
  },
  make: (value) => (blank(value) ? VEHICLE_PROBLEMS.enterMake : plain(value, oneLineText('Make'))),
  model: (value) => (blank(value) ? VEHICLE_PROBLEMS.enterModel : plain(value, oneLineText('Model'))),
  licensePlate: (value) =>
    blank(value) ? VEHICLE_PROBLEMS.enterPlate : plain(value, oneLineText('License plate')),
  odometerReading: (value) => {
    if (blank(value)) return VEHICLE_PROBLEMS.enterOdometer;
    return /^\d{1,7}$/.test(value.replaceAll(',', '').trim()) || VEHICLE_PROBLEMS.wholeMiles;
  },
  // The server's own rule and words (vin.ts): 17 characters and a check digit that matches.
  vinNumber: (value) => {
    if (blank(value)) return VEHICLE_PROBLEMS.enterVin;
    const notPlain = plain(value, oneLineText('VIN'));
    return notPlain === true ? (vinProblem(value) ?? true) : notPlain;
  },
};

/** True, or the server's own words for a control character in the field (plain-text.ts). */
function plain(value: string, [isPlain, message]: ReturnType<typeof oneLineText>): string | true {
  return isPlain(value.trim()) || message;
}

export const MISSING_INFORMATION = 'Missing Information';
export const MISSING_PHOTO = 'Missing Required Photo';

/**
 * The spec's toast for what 'Send Estimate Request' finds missing, in the order the customer hears
 * about them (each field also says so beside it). E-mail and phone are labelled required but
 * deliberately not enforced here.
 */
export function missingInformation(
  values: EstimateFormValues,
  hasOverviewPhoto: boolean,
): ToastOptions | null {
  if ([values.year, values.make, values.model, values.licensePlate].some(blank)) {
    return { title: MISSING_INFORMATION, description: MISSING_VEHICLE_INFO, variant: 'destructive' };
  }
  if (blank(values.vinNumber) || blank(values.odometerReading)) {
    return { title: MISSING_INFORMATION, description: MISSING_VIN_OR_ODOMETER, variant: 'destructive' };
  }
  const notPlain = controlCharacterProblem(values);
  if (notPlain) return { title: notPlain, variant: 'destructive' };
  if (!hasOverviewPhoto) {
    return { title: MISSING_PHOTO, description: MISSING_OVERVIEW_PHOTO, variant: 'destructive' };
  }
  return null;
}

/**
 * A tab or line break pasted into a one-line field (or another control character anywhere), told
 * with the very words the server would refuse it with, before any photo is uploaded.
 */
function controlCharacterProblem(values: EstimateFormValues): string | null {
  const fields: [string, ReturnType<typeof oneLineText>][] = [
    [values.make, oneLineText('Make')],
    [values.model, oneLineText('Model')],
    [values.licensePlate, oneLineText('License plate')],
    [values.vinNumber, oneLineText('VIN')],
    [values.phone, oneLineText('Phone')],
    [insuranceCompanyFor(values), oneLineText('Insurance company')],
    [values.workDescription, multiLineText('Description')],
  ];
  for (const [value, [isPlain, message]] of fields) {
    if (!isPlain(value.trim())) return message;
  }
  return null;
}

/** The insurer as stored: none for cash, the typed name for 'Other' (or 'Other' when left blank). */
export function insuranceCompanyFor(values: EstimateFormValues): string {
  if (values.estimateType === 'cash') return '';
  if (values.insuranceCompany === OTHER_INSURANCE) {
    return values.customInsuranceName.trim() || OTHER_INSURANCE;
  }
  return values.insuranceCompany;
}

/**
 * The picked vehicle's id while the fields still describe that car (the same rule the server matches
 * cars by); once they were changed to another car, none: the server then stores or finds that one.
 */
export function vehicleIdToSend(values: EstimateFormValues, known: readonly Vehicle[]): string | null {
  const picked = known.find((vehicle) => vehicle.id === values.vehicleId);
  if (!picked) return null;
  const typed = {
    make: values.make,
    model: values.model,
    licensePlate: values.licensePlate,
    vin: values.vinNumber,
  };
  return isSameCar(picked, typed) ? picked.id : null;
}

/**
 * The body of POST /api/estimates/batch-create; photos come overview first, then the damage steps.
 * `customerId`: the customer the shop picked; `newCustomer`: the shop names a walk-in customer instead.
 */
export function toBatchCreateInput(
  values: EstimateFormValues,
  photoUrls: string[],
  customerId: string | null,
  options: { newCustomer?: boolean; vehicleId?: string | null } = {},
): BatchCreateEstimateInput {
  const walkIn = options.newCustomer && !customerId;
  return {
    vehicleInfo: {
      year: values.year.trim(),
      make: values.make.trim(),
      model: values.model.trim(),
      licensePlate: values.licensePlate.trim().toUpperCase(),
    },
    photos: photoUrls,
    vinNumber: values.vinNumber.trim().toUpperCase(),
    odometerReading: values.odometerReading.trim(),
    // A walk-in's e-mail and phone are theirs, sent with their name below.
    email: walkIn ? '' : values.email.trim(),
    phone: walkIn ? '' : values.phone.trim(),
    insuranceCompany: insuranceCompanyFor(values),
    workDescription: values.workDescription.trim(),
    estimateType: values.estimateType,
    // Only the customer can ask for texts, on their own request.
    ...(values.smsOptIn && !customerId && !walkIn ? { smsOptIn: true } : {}),
    ...(customerId ? { customerId } : {}),
    ...(walkIn
      ? {
          customer: {
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            email: values.email.trim(),
            phone: values.phone.trim(),
            language: values.language,
          },
        }
      : {}),
    ...(options.vehicleId ? { vehicleId: options.vehicleId } : {}),
  };
}
