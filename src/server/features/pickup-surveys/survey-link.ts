import { SURVEY_LINK_NOT_VALID, SURVEY_LINK_TTL_DAYS, surveyPath } from '#domain/surveys.ts';
import { AppError } from '#server/app-error.ts';
import { signLinkToken, verifyLinkToken } from '#server/features/status-links/shared.ts';
import type { SurveySettings } from './settings.ts';

/**
 * The survey link: `<survey id>.<expiry>.<signature>`, signed like a status link under a purpose of
 * its own (a status or payment token never opens a survey). Nothing is stored for it: the survey's
 * row says whether it was answered, and the link dies SURVEY_LINK_TTL_DAYS after it was sent.
 */
const PURPOSE = 'survey-link-token-v1';

export const surveyLinkNotValid = () => new AppError('not_found', SURVEY_LINK_NOT_VALID);

/** The link of a survey sent at `sendAt`; it works for 30 days from then (whole seconds in the token). */
export function surveyUrl(
  settings: Pick<SurveySettings, 'secret' | 'appUrl'>,
  surveyId: string,
  sendAt: Date,
) {
  const expiresAt = new Date((Math.floor(sendAt.getTime() / 1000) + SURVEY_LINK_TTL_DAYS * 86_400) * 1000);
  const token = signLinkToken(settings.secret, PURPOSE, surveyId, expiresAt);
  return `${settings.appUrl.replace(/\/+$/, '')}${surveyPath(token)}`;
}

/** The survey a token names, if its signature holds and it has not expired; else the one plain 404. */
export function surveyIdOf(secret: string, token: string, now = new Date()): string {
  const claims = verifyLinkToken(secret, PURPOSE, token, now);
  if (!claims) throw surveyLinkNotValid();
  return claims.id;
}
