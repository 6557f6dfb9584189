import { describe, expect, it } from 'vitest';
import {
  batchCreateEstimateSchema,
  MISSING_OVERVIEW_PHOTO,
  MISSING_VEHICLE_INFO,
  MISSING_VIN_OR_ODOMETER,
} from '#domain/estimate-requests.ts';
import { multiLineTextMessage, oneLineTextMessage } from '#domain/plain-text.ts';
import type { PublicUser } from '#domain/public-user.ts';
import { VIN_BAD_CHECK_DIGIT, VIN_WRONG_LENGTH } from '#domain/vin.ts';
import {
  type EstimateFormValues,
  emptyEstimateForm,
  insuranceCompanyFor,
  missingInformation,
  toBatchCreateInput,
  VEHICLE_FIELD_CHECKS,
  vehicleIdToSend,
} from './estimate-form.ts';

const customer: PublicUser = {
  id: '5f0c2c52-6d8a-4c8e-9a39-0d6f1f0b8a11',
  email: 'maria@example.com',
  firstName: 'Maria',
  lastName: 'Lopez',
  phone: '813-555-0100',
  language: 'en',
  isAdmin: false,
};

const filled: EstimateFormValues = {
  ...emptyEstimateForm(customer),
  year: '2019',
  make: 'Toyota',
  model: 'Camry',
  licensePlate: 'abc 123',
  vinNumber: '4t1b11hk8ku123456',
  odometerReading: '45,210',
  workDescription: '  Dent in the rear bumper  ',
};

const PHOTO = '/api/photos/0b7a1c9e-3f21-4d6a-9a51-7e2c4b1d8f00';

describe('emptyEstimateForm', () => {
  it('prefills a customer’s own e-mail and phone and defaults to cash', () => {
    const values = emptyEstimateForm(customer);
    expect(values.email).toBe('maria@example.com');
    expect(values.phone).toBe('813-555-0100');
    expect(values.estimateType).toBe('cash');
  });

  it('leaves contact fields empty for an admin, who picks the customer', () => {
    const values = emptyEstimateForm({ ...customer, isAdmin: true });
    expect(values.email).toBe('');
    expect(values.phone).toBe('');
  });
});

describe('control characters', () => {
  it('are refused beside the vehicle fields and in the toast, in the words the server uses', () => {
    expect(VEHICLE_FIELD_CHECKS.make('K\ria')).toBe(oneLineTextMessage('Make'));
    expect(VEHICLE_FIELD_CHECKS.vinNumber('KNDJN\t2A20')).toBe(oneLineTextMessage('VIN'));
    expect(VEHICLE_FIELD_CHECKS.licensePlate('ABC 123')).toBe(true);
    expect(missingInformation({ ...filled, model: 'So\nul' }, true)?.title).toBe(oneLineTextMessage('Model'));
    expect(missingInformation({ ...filled, workDescription: 'Dent\r\nScratch' }, true)?.title).toBe(
      multiLineTextMessage('Description'),
    );
    expect(missingInformation({ ...filled, workDescription: 'Dent\nScratch' }, true)).toBeNull();
  });
});

describe('missingInformation', () => {
  it('asks for the vehicle fields first, then VIN and odometer, then the overview photo', () => {
    const empty = emptyEstimateForm(customer);
    expect(missingInformation(empty, false)?.description).toBe(MISSING_VEHICLE_INFO);
    expect(missingInformation({ ...filled, licensePlate: '  ' }, true)).toEqual({
      title: 'Missing Information',
      description: MISSING_VEHICLE_INFO,
      variant: 'destructive',
    });
    expect(missingInformation({ ...filled, vinNumber: '' }, false)?.description).toBe(
      MISSING_VIN_OR_ODOMETER,
    );
    expect(missingInformation({ ...filled, odometerReading: ' ' }, true)?.description).toBe(
      MISSING_VIN_OR_ODOMETER,
    );
    expect(missingInformation(filled, false)).toEqual({
      title: 'Missing Required Photo',
      description: MISSING_OVERVIEW_PHOTO,
      variant: 'destructive',
    });
  });

  it('does not enforce e-mail and phone', () => {
    expect(missingInformation({ ...filled, email: '', phone: '' }, true)).toBeNull();
  });
});

describe('insuranceCompanyFor', () => {
  it('sends no insurer for cash, the chosen one for insurance and the typed name for Other', () => {
    expect(insuranceCompanyFor({ ...filled, estimateType: 'cash', insuranceCompany: 'GEICO' })).toBe('');
    expect(insuranceCompanyFor({ ...filled, estimateType: 'insurance', insuranceCompany: 'GEICO' })).toBe(
      'GEICO',
    );
    expect(
      insuranceCompanyFor({
        ...filled,
        estimateType: 'insurance',
        insuranceCompany: 'Other',
        customInsuranceName: ' Sunshine Mutual ',
      }),
    ).toBe('Sunshine Mutual');
    expect(insuranceCompanyFor({ ...filled, estimateType: 'insurance', insuranceCompany: 'Other' })).toBe(
      'Other',
    );
  });
});

describe('toBatchCreateInput', () => {
  it('builds a body the server schema accepts', () => {
    const body = toBatchCreateInput(filled, [PHOTO], null);
    expect(body).not.toHaveProperty('customerId');
    const parsed = batchCreateEstimateSchema.parse(body);
    expect(parsed.vehicleInfo).toEqual({
      year: 2019,
      make: 'Toyota',
      model: 'Camry',
      licensePlate: 'ABC123',
    });
    expect(parsed.vinNumber).toBe('4T1B11HK8KU123456');
    expect(parsed.odometerReading).toBe(45210);
    expect(parsed.workDescription).toBe('Dent in the rear bumper');
    expect(parsed.estimateType).toBe('cash');
    expect(parsed.insuranceCompany).toBe('');
  });

  it('carries the picked customer for an admin', () => {
    const body = toBatchCreateInput(filled, [PHOTO], customer.id);
    expect(batchCreateEstimateSchema.parse(body).customerId).toBe(customer.id);
  });

  it('asks for texts only when the customer ticked the box on their own request', () => {
    expect(batchCreateEstimateSchema.parse(toBatchCreateInput(filled, [PHOTO], null)).smsOptIn).toBe(false);
    const optedIn = { ...filled, smsOptIn: true };
    expect(batchCreateEstimateSchema.parse(toBatchCreateInput(optedIn, [PHOTO], null)).smsOptIn).toBe(true);
    expect(toBatchCreateInput(optedIn, [PHOTO], customer.id)).not.toHaveProperty('smsOptIn');
  });
});

describe('the staff form', () => {
  const walkIn: EstimateFormValues = {
    ...filled,
    smsOptIn: true,
    firstName: ' Maria ',
    lastName: 'Lopez',
    email: 'maria@example.com',
    phone: '(813) 555-0142',
    language: 'es',
  };

  it('sends a walk-in customer by name, with their e-mail, phone and language', () => {
    const body = batchCreateEstimateSchema.parse(
      toBatchCreateInput(walkIn, [PHOTO], null, { newCustomer: true }),
    );
    expect(body.customer).toEqual({
      firstName: 'Maria',
      lastName: 'Lopez',
      email: 'maria@example.com',
      phone: '(813) 555-0142',
      language: 'es',
    });
    expect(body).toMatchObject({ email: '', phone: '', smsOptIn: false });
    expect(body.customerId).toBeUndefined();
    // A picked customer wins over the name fields.
    const picked = toBatchCreateInput(walkIn, [PHOTO], customer.id, { newCustomer: true });
    expect(picked).not.toHaveProperty('customer');
  });

  it('sends the picked vehicle while the fields still describe it, and not once changed to another car', () => {
    const known = [
      {
        id: 'car-1',
        year: 2019,
        make: 'Toyota',
        model: 'Camry',
        licensePlate: 'ABC123',
        vin: '4T1B11HK8KU123456',
        mileage: 40_000,
      },
    ];
    const picked = { ...filled, vehicleId: 'car-1' };
    expect(vehicleIdToSend(picked, known)).toBe('car-1');
    expect(vehicleIdToSend({ ...picked, vinNumber: 'OTHER' }, known)).toBe('car-1');
    expect(vehicleIdToSend({ ...picked, licensePlate: 'ZZZ9', vinNumber: 'OTHER' }, known)).toBeNull();
    expect(vehicleIdToSend({ ...picked, vehicleId: 'car-2' }, known)).toBeNull();
    expect(
      toBatchCreateInput(picked, [PHOTO], null, { vehicleId: vehicleIdToSend(picked, known) }),
    ).toMatchObject({ vehicleId: 'car-1' });
  });
});

describe('VEHICLE_FIELD_CHECKS', () => {
  it('names the missing field', () => {
    expect(VEHICLE_FIELD_CHECKS.year(' ')).toBe('Enter the year.');
    expect(VEHICLE_FIELD_CHECKS.make('')).toBe('Enter the make.');
    expect(VEHICLE_FIELD_CHECKS.model('')).toBe('Enter the model.');
    expect(VEHICLE_FIELD_CHECKS.licensePlate('')).toBe('Enter the license plate.');
    expect(VEHICLE_FIELD_CHECKS.vinNumber('')).toBe('Enter the VIN.');
    expect(VEHICLE_FIELD_CHECKS.odometerReading('')).toBe('Enter the odometer reading.');
  });

  it('checks the VIN as the server does: 17 characters with the right check digit', () => {
    expect(VEHICLE_FIELD_CHECKS.vinNumber('1hgcm82633a004352')).toBe(true);
    expect(VEHICLE_FIELD_CHECKS.vinNumber('5NMS33AD1KH0')).toBe(VIN_WRONG_LENGTH);
    expect(VEHICLE_FIELD_CHECKS.vinNumber('1HGCM82643A004352')).toBe(VIN_BAD_CHECK_DIGIT);
  });

  it('agrees with the server on years and odometer readings', () => {
    const serverAccepts = (fields: Partial<EstimateFormValues>) =>
      batchCreateEstimateSchema.safeParse(toBatchCreateInput({ ...filled, ...fields }, [PHOTO], null))
        .success;
    for (const year of [
      '2019',
      '1900',
      '1899',
      '19',
      '2019.5',
      'abcd',
      String(new Date().getFullYear() + 3),
    ]) {
      expect(VEHICLE_FIELD_CHECKS.year(year) === true, year).toBe(serverAccepts({ year }));
    }
    for (const odometerReading of ['45,210', '0', '12.5', '-3', 'lots', '12345678']) {
      expect(VEHICLE_FIELD_CHECKS.odometerReading(odometerReading) === true, odometerReading).toBe(
        serverAccepts({ odometerReading }),
      );
    }
  });
});
