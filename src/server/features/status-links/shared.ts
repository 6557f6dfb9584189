// What the status-links feature offers the rest of the app: it imports it from here, never from its inner files.
export { deleteExpiredStatusLinks, issueStatusLink, type StatusLinkSettings } from './service.ts';
export { statusPageGuard } from './status-page-guard.ts';
export { signLinkToken, verifyLinkToken } from './status-token.ts';
