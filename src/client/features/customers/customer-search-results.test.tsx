import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Customer } from '#domain/customers.ts';
import { CustomerSearchResults } from './customer-search-results.tsx';
import type { CustomerLookup } from './use-customer-lookup.ts';

const customers: Customer[] = Array.from({ length: 20 }, (_, i) => ({
  id: `id-${i}`,
  firstName: `First${i}`,
  lastName: 'Lopez',
  email: `c${i}@example.com`,
  phone: null,
}));

const render = (results: Customer[], more: boolean) => {
  const lookup = {
    term: 'lopez',
    searching: true,
    search: { isFetching: false, isError: false, isPlaceholderData: false },
    results,
    more,
    searchNow: () => {},
  } as unknown as CustomerLookup;
  return renderToStaticMarkup(<CustomerSearchResults lookup={lookup} onSelect={() => {}} />);
};

describe('the customer search results', () => {
  it('says the list is cut short, and how to narrow it, when more matched than it holds', () => {
    const html = render(customers, true);
    expect(html).toContain('First19');
    expect(html).toContain('Showing the first 20 — type more to narrow the search.');
  });

  it('says nothing of it when the list is whole', () => {
    expect(render(customers, false)).not.toContain('Showing the first');
    expect(render(customers.slice(0, 3), false)).not.toContain('Showing the first');
  });
});
