import type { Customer } from '#domain/customers.ts';

/** "First Last", or the e-mail when no name was given. */
export function customerName(customer: Pick<Customer, 'firstName' | 'lastName' | 'email'>): string {
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim();
  return name || customer.email;
}
