// Radix dialogs lock page scrolling with a <style> element they add at run time. The server's
// Content-Security-Policy allows such elements only with the nonce it writes into each page, and the
// library that adds them (react-style-singleton, through get-nonce) takes it from this global.
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce;
if (nonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = nonce;
