/** What other features use of the front desk: a staff reply in a thread answers the messages waiting there. */
export { clearAwaitingReply } from './inbox.ts';
