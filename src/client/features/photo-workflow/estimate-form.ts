import type { ToastOptions } from '#client/components/ui/use-toast.ts';
import type { PublicUser } from '#domain/auth.ts';
import {
  type BatchCreateEstimateInput,
  MISSING_OVERVIEW_PHOTO,
  MISSING_VEHICLE_INFO,
  MISSING_VIN_OR_ODOMETER,
} from '#domain/estimate-requests.ts';
import type { EstimateType } from '#domain/insurance.ts';

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
  estimateType: EstimateType;
  insuranceCompany: string;
  customInsuranceName: string;
  workDescription: string;
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
    estimateType: 'cash',
    insuranceCompany: '',
    customInsuranceName: '',
    workDescription: '',
  };
}

const blank = (value: string) => value.trim() === '';

/**
 * The checks 'Continue to Review' makes, in the order the customer hears about them. E-mail and
 * phone are labelled required but deliberately not enforced here.
 */
export function missingInformation(
  values: EstimateFormValues,
  hasOverviewPhoto: boolean,
): ToastOptions | null {
  if ([values.year, values.make, values.model, values.licensePlate].some(blank)) {
    return { title: 'Missing Information', description: MISSING_VEHICLE_INFO, variant: 'destructive' };
  }
  if (blank(values.vinNumber) || blank(values.odometerReading)) {
    return { title: 'Missing Information', description: MISSING_VIN_OR_ODOMETER, variant: 'destructive' };
  }
  if (!hasOverviewPhoto) {
    return { title: 'Missing Required Photo', description: MISSING_OVERVIEW_PHOTO, variant: 'destructive' };
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

/** The body of POST /api/estimates/batch-create; photos come overview first, then the damage steps. */
export function toBatchCreateInput(
  values: EstimateFormValues,
  photoUrls: string[],
  customerId: string | null,
): BatchCreateEstimateInput {
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
    email: values.email.trim(),
    phone: values.phone.trim(),
    insuranceCompany: insuranceCompanyFor(values),
    workDescription: values.workDescription.trim(),
    estimateType: values.estimateType,
    ...(customerId ? { customerId } : {}),
  };
}
