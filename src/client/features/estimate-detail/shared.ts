// What the estimate-detail feature offers the other features.
export { vehicleKey } from './api/get-vehicle.ts';
export { PhotoTile } from './photo-tile.tsx';
