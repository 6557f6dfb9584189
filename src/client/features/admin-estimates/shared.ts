// What the admin-estimates feature offers the other features.
export { useChangeStatus } from './api/admin-actions.ts';
