import { z } from 'zod';

export const CUSTOMER_SEARCH_MIN_LENGTH = 2;

export const customerSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Please enter at least 2 characters to search for customers' })
    .trim()
    .min(CUSTOMER_SEARCH_MIN_LENGTH, 'Please enter at least 2 characters to search for customers')
    .max(100, 'Search text must be at most 100 characters'),
});

export const customerSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type Customer = z.infer<typeof customerSchema>;

/** GET /api/customers?q=…: the customers matching the search (at most 20). */
export const customerListSchema = z.array(customerSchema);
/**
 * GET /api/customers' answer header: 'true' when more customers matched than the list holds. A header,
 * not a field: the answer stays the bare list the spec names.
 */
export const CUSTOMER_SEARCH_MORE_HEADER = 'x-more-results';
