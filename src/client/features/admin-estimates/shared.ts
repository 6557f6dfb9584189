// What the admin-estimates feature offers the other features.
export { useChangeStatus } from './api/admin-actions.ts';
export { RecordApprovalDialog } from './record-approval-dialog.tsx';
