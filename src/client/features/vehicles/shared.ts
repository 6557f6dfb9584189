// What the vehicles feature offers the other features: one vehicle, read and cached under its key.
export { useVehicle, vehicleKey } from './api/get-vehicle.ts';
