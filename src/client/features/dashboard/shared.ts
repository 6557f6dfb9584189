// What the dashboard feature offers the other features.
export { ProgressStrip } from './progress-strip.tsx';
