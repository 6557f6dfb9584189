// What the auth feature offers the other features: they import it from here, never from its inner files.
export { toPublicUser } from './service.ts';
export { issueWelcomeLink } from './password-links.ts';
