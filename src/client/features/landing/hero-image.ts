import { HERO_IMAGE } from '#domain/hero-image.ts';

// The server preloads it on the pages that show it (src/server/http/first-paint.ts). A module of its
// own: the landing page draws it at once, while the other photos' list comes only with the carousel.
export const heroImage = HERO_IMAGE;
