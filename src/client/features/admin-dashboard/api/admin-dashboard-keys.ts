import { estimatesKey } from '#client/features/estimates/shared.ts';

/**
 * Under the estimates key: every change to an estimate (from this page, the estimate page or a
 * customer's answer) invalidates that key, which refreshes the dashboard's list and cards too.
 */
export const adminDashboardKey = [...estimatesKey, 'admin-dashboard'] as const;
