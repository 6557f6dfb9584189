// What the auth feature offers the other features: they import it from here, never from its inner files.

export { issueWelcomeLink } from './password-links.ts';
export { toPublicUser } from './service.ts';
