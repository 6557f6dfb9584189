// What the pickup-and-survey feature offers the rest of the app: it imports it from here, never from its inner files.
export { pickupSurveyRoutes } from './routes.ts';
export type { SurveySettings } from './settings.ts';
export { surveyPageGuard } from './survey-page-guard.ts';
