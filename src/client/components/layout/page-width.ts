/**
 * The width and side padding shared by the signed-in top bar and the shop's pages, so the page content
 * lines up with the logo and the menu above it at every width.
 */
export const PAGE_WIDTH = 'mx-auto max-w-6xl px-4';
