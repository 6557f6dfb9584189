import type { Db } from '#server/db/client.ts';

/**
 * Cancels the card payments left open on an estimate that it no longer pays for, in the caller's
 * transaction, which holds the estimate's row and has just changed it. Every change that can stop an
 * estimate being payable or lower what is due calls it (the status changes, a supplement's decision).
 * It is passed in (app.ts wires the payments feature's cancelStaleIntents), not imported: payments
 * already depends on this feature, and importing payments back would make the two a loop.
 */
export type CancelStalePayments = (tx: Db, estimateId: string) => Promise<void>;
