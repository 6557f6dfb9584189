import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { CUSTOMER_SEARCH_MIN_LENGTH, type Customer } from '../../../../domain/customers';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { useCustomerSearch } from '../../customers/api/search-customers';
import { customerName } from '../../customers/customer-name';
import { useDebouncedValue } from '../../customers/use-debounced-value';

const SEARCH_DELAY_MS = 300;

/**
 * Finds customers by name, e-mail or phone as the text is typed (from 2 characters), like the
 * photo workflow's customer picker, but only to look a customer up: no estimate is being created.
 */
export function CustomerSearch({ onSelect }: { onSelect: (customer: Customer) => void }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const searching = term.length >= CUSTOMER_SEARCH_MIN_LENGTH;
  const search = useCustomerSearch(term);
  const results = searching ? search.data : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim().length < CUSTOMER_SEARCH_MIN_LENGTH) {
      toast({
        title: 'Enter Search Term',
        description: 'Please enter at least 2 characters to search for customers',
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="space-y-2">
      <form onSubmit={onSubmit} aria-label="Search customers" className="space-y-1.5">
        <Label htmlFor={inputId}>Find a customer</Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="Name, email or phone"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
          />
          <Button type="submit" variant="secondary" className="shrink-0 px-3" aria-label="Search customers">
            <Search aria-hidden="true" />
            <span className="hidden sm:inline">Search</span>
          </Button>
        </div>
      </form>

      {searching && search.isFetching && !results && <Spinner className="py-3" label="Searching customers" />}
      {searching && search.isError && (
        <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          We couldn't search customers just now. Please try again.
        </p>
      )}
      {results && results.length === 0 && !search.isPlaceholderData && (
        <p role="status" className="rounded-lg bg-slate-50 p-3 text-sm font-medium text-slate-800">
          No customers found matching "{term}"
        </p>
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
                {customer.phone && <span className="block text-sm text-slate-500">{customer.phone}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
