// What the payments feature offers the other features: they import it from here, never from its inner files.
export { type EstimateBalance, estimateBalance } from './balance.ts';
