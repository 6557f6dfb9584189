import { describe, expect, it } from 'vitest';
import { vinFromBarcode } from './vin-scanner.tsx';

describe('vinFromBarcode', () => {
  it('reads the VIN of a door-frame or windshield barcode', () => {
    expect(vinFromBarcode('1HGCM82633A004352')).toBe('1HGCM82633A004352');
    // Code 39 labels of imported cars often start with an extra 'I'.
    expect(vinFromBarcode('I1HGCM82633A004352')).toBe('1HGCM82633A004352');
    // A 2D code with more on it: the VIN among the rest.
    expect(vinFromBarcode('VIN:1hgcm82633a004352;COLOR:RED')).toBe('1HGCM82633A004352');
    expect(vinFromBarcode('ABC123')).toBeNull();
  });
});
