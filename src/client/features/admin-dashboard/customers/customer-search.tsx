import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { CustomerSearchResults, useCustomerLookup } from '#client/features/customers/shared.ts';
import type { Customer } from '#domain/customers.ts';

/**
 * Finds customers by name, e-mail or phone as the text is typed (from 2 characters), like the
 * photo workflow's customer picker, but only to look a customer up: no estimate is being created.
 */
export function CustomerSearch({ onSelect }: { onSelect: (customer: Customer) => void }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const lookup = useCustomerLookup(text);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    lookup.searchNow();
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

      <CustomerSearchResults lookup={lookup} onSelect={onSelect} />
    </div>
  );
}
