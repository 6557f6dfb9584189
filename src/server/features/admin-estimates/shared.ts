// What the admin estimates feature offers the other features: they import it from here, never from its inner files.
export { findActiveAppointment } from './appointments.ts';
export { loadAdminEstimateDetails } from './details.ts';
export { placeDropOff, withdrawDropOff, writeNote } from './drop-off-placement.ts';
