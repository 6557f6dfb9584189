/**
 * Permissions-Policy: the browser features a page may use. Everything is off but the camera on the
 * pages where customers photograph damage, and payment (Apple Pay / Google Pay in Stripe's frame) on
 * the payment page when Stripe is configured.
 *
 * The photo workflow takes pictures through `<input type="file" capture>`, which opens the phone's
 * camera app and is not governed by this header; `camera=(self)` there keeps an in-page camera
 * possible on those pages only. The app is a single-page app, so a document's policy holds for the
 * pages reached from it without a reload: nothing the app does depends on a feature switched off here.
 */
const SWITCHED_OFF = [
  'accelerometer',
  'autoplay',
  'bluetooth',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

/** Where stripe.js runs the wallet buttons (docs.stripe.com/security/guide). */
const STRIPE_FRAMES = '"https://js.stripe.com"';

export function permissionsPolicy({
  camera,
  stripePayments,
}: {
  camera: boolean;
  stripePayments: boolean;
}): string {
  const directives = [
    `camera=${camera ? '(self)' : '()'}`,
    `payment=${stripePayments ? `(self ${STRIPE_FRAMES})` : '()'}`,
    ...SWITCHED_OFF.map((feature) => `${feature}=()`),
  ];
  return directives.join(', ');
}

/** The customer pages that take photos: the estimate request and an estimate's "Add photos". */
export function isPhotoPage(pathname: string): boolean {
  return /^\/(photo-capture|estimate\/[^/]+)\/?$/.test(pathname);
}
