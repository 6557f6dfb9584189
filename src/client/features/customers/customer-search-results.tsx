import type { ReactNode } from 'react';
import { Spinner } from '#client/components/ui/spinner.tsx';
import type { Customer } from '#domain/customers.ts';
import { customerName } from './customer-name.ts';
import type { CustomerLookup } from './use-customer-lookup.ts';

/**
 * Loading, error, no-match and the scrolling list of matches under a customer search box; below the
 * list, when more matched than it holds, that the text should be narrowed.
 */
export function CustomerSearchResults({
  lookup: { term, searching, search, results, more },
  onSelect,
  noMatchHint,
}: {
  lookup: CustomerLookup;
  onSelect: (customer: Customer) => void;
  /** Said under 'No customers found matching …'. */
  noMatchHint?: ReactNode;
}) {
  return (
    <>
      {searching && search.isFetching && !results && <Spinner className="py-3" label="Searching customers" />}
      {searching && search.isError && (
        <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          We couldn't search customers just now. Please try again.
        </p>
      )}
      {results && results.length === 0 && !search.isPlaceholderData && (
        <div role="status" className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-800">No customers found matching "{term}"</p>
          {noMatchHint}
        </div>
      )}
      {results && results.length > 0 && (
        <ul
          aria-label="Matching customers"
          className="max-h-60 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200 bg-white"
        >
          {results.map((customer) => (
            <li key={customer.id}>
              <button
                type="button"
                onClick={() => onSelect(customer)}
                className="block w-full px-3 py-2.5 text-left hover:bg-slate-50 focus-visible:bg-slate-50"
              >
                <span className="block font-semibold text-slate-900">{customerName(customer)}</span>
                <span className="block truncate text-sm text-slate-600">{customer.email}</span>
                {customer.phone && (
                  <span className="block text-sm whitespace-nowrap text-slate-500">{customer.phone}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {results && results.length > 0 && more && (
        <p role="status" className="text-sm text-slate-600">
          Showing the first {results.length} — type more to narrow the search.
        </p>
      )}
    </>
  );
}
