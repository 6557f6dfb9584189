import { Mail, Phone, Search, UserCheck, UserPlus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import type { Customer } from '#domain/customers.ts';
import { customerName } from './customer-name.ts';
import { CustomerSearchResults } from './customer-search-results.tsx';
import { useCustomerLookup } from './use-customer-lookup.ts';

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
  const lookup = useCustomerLookup(text);

  if (selected) {
    return (
      <div className="space-y-1.5">
        <p className="text-sm font-medium text-slate-800">{label}</p>
        <SelectedCustomer customer={selected} onClear={onClear} />
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter searches here; it must never submit a form the picker sits in.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    lookup.searchNow();
  };

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
          onClick={lookup.searchNow}
          aria-label="Search customers"
          className="shrink-0 px-3"
        >
          <Search aria-hidden="true" />
          <span className="hidden sm:inline">Search</span>
        </Button>
      </div>

      <CustomerSearchResults
        lookup={lookup}
        onSelect={(customer) => {
          onSelect(customer);
          setText('');
        }}
        noMatchHint={
          <p className="mt-1 flex items-center gap-1.5 text-slate-600">
            <UserPlus className="size-4 shrink-0" aria-hidden="true" />
            The estimate will be created for a new customer
          </p>
        }
      />
    </div>
  );
}

function SelectedCustomer({ customer, onClear }: { customer: Customer; onClear: () => void }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border-2 border-green-600/40 bg-green-50 p-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0 space-y-0.5 text-sm">
        <p className="flex items-center gap-1.5 font-semibold text-slate-900">
          <UserCheck className="size-4 shrink-0 text-green-700" aria-hidden="true" />
          {customerName(customer)}
        </p>
        <p className="flex items-center gap-1.5 break-all text-slate-700">
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
      <Button variant="secondary" size="sm" onClick={onClear} className="shrink-0 self-start">
        <X aria-hidden="true" />
        Clear selection
      </Button>
    </div>
  );
}
