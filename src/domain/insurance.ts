export const INSURANCE_COMPANIES = [
  'State Farm',
  'GEICO',
  'Progressive',
  'Allstate',
  'USAA',
  'Liberty Mutual',
  'Farmers',
  'Nationwide',
  'American Family',
  'Travelers',
  'Auto-Owners',
  'AAA',
  'Esurance',
  'MetLife',
  'The General',
  '21st Century',
  'Other',
] as const;

export const ESTIMATE_TYPES = ['cash', 'insurance'] as const;
export type EstimateType = (typeof ESTIMATE_TYPES)[number];
