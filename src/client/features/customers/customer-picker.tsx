import { Mail, Phone, Search, UserCheck, UserPlus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { CUSTOMER_SEARCH_MIN_LENGTH, type Customer } from '../../../domain/customers';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../../components/ui/use-toast';
import { useCustomerSearch } from './api/search-customers';
import { customerName } from './customer-name';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DELAY_MS = 300;

interface CustomerPickerProps {
  selected: Customer | null;
  onSelect: (customer: Customer) => void;
  onClear: () => void;
  label?: string;
}

/** Admin search for an existing customer by name, e-mail or phone; the pick is shown with a way to undo it. */
export function CustomerPicker({
  selected,
  onSelect,
  onClear,
  label = 'Assign to Customer',
}: CustomerPickerProps) {
  const inputId = useId();
  const [text, setText] = useState('');
  const term = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  const search = useCustomerSearch(term);
  const searching = term.length >= CUSTOMER_SEARCH_MIN_LENGTH;

  if (selected) {
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800">{label}</p>
        <SelectedCustomer customer={selected} onClear={onClear} />
      </div>
    );
  }

  const searchNow = () => {
    if (text.trim().length < CUSTOMER_SEARCH_MIN_LENGTH) {
      toast({
        title: 'Enter Search Term',
        description: 'Please enter at least 2 characters to search for customers',
        variant: 'destructive',
      });
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches here; it must never submit a form the picker sits in.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    searchNow();
  };

  const results = searching ? search.data : undefined;

  return (
    <div className="space-y-2">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder="Name, email or phone"
          autoComplete="off"
          enterKeyHint="search"
        />
        <Button
          variant="secondary"
          onClick={searchNow}
          aria-label="Search customers"
          className="shrink-0 px-3"
        >
          <Search aria-hidden="true" />
          <span className="hidden sm:inline">Search</span>
        </Button>
      </div>

      {searching && search.isFetching && !results && <Spinner className="py-3" label="Searching customers" />}
      {searching && search.isError && (
        <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
          We couldn't search customers just now. Please try again.
        </p>
      )}
      {results && results.length === 0 && !search.isPlaceholderData && (
        <div role="status" className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-medium text-slate-800">No customers found matching "{term}"</p>
          <p className="mt-1 flex items-center gap-1.5 text-slate-600">
            <UserPlus className="size-4 shrink-0" aria-hidden="true" />
            The estimate will be created for a new customer
          </p>
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
                onClick={() => {
                  onSelect(customer);
                  setText('');
                }}
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

function SelectedCustomer({ customer, onClear }: { customer: Customer; onClear: () => void }) {
  return (
    <div className="flex items-start justify-between gap-3 rounded-xl border-2 border-green-600/40 bg-green-50 p-3">
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className="flex items-center gap-1.5 font-semibold text-slate-900">
          <UserCheck className="size-4 shrink-0 text-green-700" aria-hidden="true" />
          {customerName(customer)}
        </p>
        <p className="flex items-center gap-1.5 truncate text-slate-700">
          <Mail className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          {customer.email}
        </p>
        {customer.phone && (
          <p className="flex items-center gap-1.5 text-slate-700">
            <Phone className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {customer.phone}
          </p>
        )}
      </div>
      <Button variant="secondary" size="sm" onClick={onClear} className="shrink-0">
        <X aria-hidden="true" />
        Clear selection
      </Button>
    </div>
  );
}
