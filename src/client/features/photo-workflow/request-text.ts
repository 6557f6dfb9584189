import type { MessageId } from '#client/i18n/catalogs.ts';
import { translate } from '#client/i18n/i18n.ts';
import { problemText } from '#client/i18n/problem-text.ts';
import type { PhotoStepId } from '#domain/photos.ts';
import { CREATE_FAILED } from './api/create-estimate.ts';
import { MISSING_INFORMATION, MISSING_PHOTO, VEHICLE_PROBLEMS } from './estimate-form.ts';
import { NOT_AN_IMAGE, PHOTO_TOO_LARGE } from './photo-file-check.ts';
import { CHECK_CONNECTION } from './resumable-uppy.ts';

/**
 * The request form's own checks (estimate-form.ts, photo-file-check.ts…) word their problems in
 * English, as the spec and their tests do; this is each one's message in the request catalog.
 */
const MESSAGE_IDS: Record<string, MessageId> = {
  [VEHICLE_PROBLEMS.enterYear]: 'request.problem.enterYear',
  [VEHICLE_PROBLEMS.invalidYear]: 'request.problem.invalidYear',
  [VEHICLE_PROBLEMS.enterMake]: 'request.problem.enterMake',
  [VEHICLE_PROBLEMS.enterModel]: 'request.problem.enterModel',
  [VEHICLE_PROBLEMS.enterPlate]: 'request.problem.enterPlate',
  [VEHICLE_PROBLEMS.enterOdometer]: 'request.problem.enterOdometer',
  [VEHICLE_PROBLEMS.wholeMiles]: 'request.problem.wholeMiles',
  [VEHICLE_PROBLEMS.enterVin]: 'request.problem.enterVin',
  [MISSING_INFORMATION]: 'request.toast.missingInformation',
  [MISSING_PHOTO]: 'request.toast.missingPhoto',
  [NOT_AN_IMAGE]: 'request.upload.notAnImage',
  [PHOTO_TOO_LARGE]: 'request.upload.tooLarge',
  [CHECK_CONNECTION]: 'request.upload.checkConnection',
  [CREATE_FAILED]: 'request.toast.createFailed',
};

/** A message of the request form's checks, or of the domain's rules and the server, in the page's language. */
export function requestText(message: string): string {
  const id = MESSAGE_IDS[message];
  return id ? translate(id) : problemText(message);
}

const STEP_IDS: Record<PhotoStepId, MessageId> = {
  overview: 'request.step.overview',
  'damage-front': 'request.step.damageFront',
  'damage-rear': 'request.step.damageRear',
  'damage-side': 'request.step.damageSide',
};

/** A photo step's name ("Vehicle Overview") in the page's language. */
export function stepLabelId(step: PhotoStepId): MessageId {
  return STEP_IDS[step];
}
