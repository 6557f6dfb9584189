/** What other features use of the front desk: the dashboard's top section, and the inbox for the estimate page. */
export { useInbox } from './api/front-desk-queries.ts';
export { FrontDesk, MarkHandledButton, WaitingForReplyNotice } from './front-desk.tsx';
