// What the check-ins feature offers the other features: they import it from here, never from its inner files.
export { isCheckedInForThisVisit, latestCheckIn } from './service.ts';
