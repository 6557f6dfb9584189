// What the status-links feature offers the other features: the estimate pages' status link buttons.
export { StatusLinkControls } from './status-link-controls.tsx';
