// What the customers feature offers the other features: the customer picker and the search behind it.
export { customerName } from './customer-name.ts';
export { CustomerPicker } from './customer-picker.tsx';
export { CustomerSearchResults } from './customer-search-results.tsx';
export { type CustomerLookup, useCustomerLookup } from './use-customer-lookup.ts';
