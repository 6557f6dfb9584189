import { describe, expect, it } from 'vitest';
import { activateLanguage, loadMessages } from '#client/i18n/i18n.ts';
import english from '#client/i18n/locales/en/request.json';
import spanish from '#client/i18n/locales/es/request.json';
import { MISSING_VEHICLE_INFO } from '#domain/estimate-requests.ts';
import { PHOTO_STEPS } from '#domain/photos.ts';
import { SMS_OPT_IN_WORDING } from '#domain/text-messages.ts';
import { CREATE_FAILED } from './api/create-estimate.ts';
import { MISSING_INFORMATION, MISSING_PHOTO, VEHICLE_PROBLEMS } from './estimate-form.ts';
import { NOT_AN_IMAGE, PHOTO_TOO_LARGE } from './photo-file-check.ts';
import { requestText, stepLabelId } from './request-text.ts';
import { CHECK_CONNECTION } from './resumable-uppy.ts';

const OWN_MESSAGES = [
  ...Object.values(VEHICLE_PROBLEMS),
  MISSING_INFORMATION,
  MISSING_PHOTO,
  NOT_AN_IMAGE,
  PHOTO_TOO_LARGE,
  CHECK_CONNECTION,
  CREATE_FAILED,
];

describe('requestText', () => {
  it('reads in English exactly as the checks word it', async () => {
    await activateLanguage('en');
    await loadMessages('request');
    for (const message of OWN_MESSAGES) expect(requestText(message)).toBe(message);
  });

  it('has every message of the form’s checks in Spanish', async () => {
    await activateLanguage('es');
    await loadMessages('request');
    for (const message of OWN_MESSAGES) expect(requestText(message), message).not.toBe(message);
    expect(requestText(VEHICLE_PROBLEMS.enterPlate)).toBe('Escriba la placa.');
    await activateLanguage('en');
  });

  it('hands any other message on as a domain or server problem', async () => {
    await activateLanguage('en');
    expect(requestText(MISSING_VEHICLE_INFO)).toBe(MISSING_VEHICLE_INFO);
  });
});

describe('the request catalog', () => {
  it('names the photo steps as the domain does, in English', () => {
    for (const step of PHOTO_STEPS)
      expect(english[stepLabelId(step.id) as keyof typeof english]).toBe(step.label);
  });

  it('shows the text opt-in word for word as it is stored with the customer’s consent, in both languages', () => {
    expect(english['request.contact.smsTerms']).toBe(SMS_OPT_IN_WORDING.en);
    expect(spanish['request.contact.smsTerms']).toBe(SMS_OPT_IN_WORDING.es);
  });
});
