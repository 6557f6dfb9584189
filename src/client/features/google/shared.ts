// What the google feature offers the other features. Loaded lazily by the admin dashboard: keep it to the tab.
export { GoogleTab } from './google-tab.tsx';
