// What the satisfaction feature offers the other features.
export { SatisfactionSection } from './satisfaction-section.tsx';
