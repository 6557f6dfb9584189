import { Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent } from '#client/components/ui/card.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { ADMIN_STATUS_FILTERS, type AdminEstimateFilters } from '#domain/admin-dashboard.ts';
import { STATUS_LABELS } from '#domain/estimate-status.ts';

const TYPING_DELAY_MS = 300;

interface EstimateFiltersProps {
  filters: AdminEstimateFilters;
  active: boolean;
  onChange: (name: 'status' | 'q' | 'from' | 'to' | 'balanceDue', value: string) => void;
  onClear: () => void;
}

/** The search block: text (searched as it is typed), status, a created-between date range, and balance due. */
export function EstimateFilters({ filters, active, onChange, onClear }: EstimateFiltersProps) {
  const ids = { q: useId(), status: useId(), from: useId(), to: useId(), balanceDue: useId() };
  const [text, setText] = useState(filters.q ?? '');
  const typed = useDebouncedValue(text, TYPING_DELAY_MS);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new debounced text is sent on
  useEffect(() => {
    if (typed.trim() !== (filters.q ?? '')) onChange('q', typed);
  }, [typed]);

  const onSubmit = (event: FormEvent) => {
    // Enter searches at once instead of waiting for the typing pause.
    event.preventDefault();
    onChange('q', text);
  };

  const clear = () => {
    setText('');
    onClear();
  };

  return (
    <Card>
      <CardContent className="p-4 sm:p-5">
        <form
          onSubmit={onSubmit}
          aria-label="Search estimates"
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
        >
          <div className="space-y-1.5 sm:col-span-2 lg:col-span-1">
            <Label htmlFor={ids.q}>Search</Label>
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
                aria-hidden="true"
              />
              <Input
                id={ids.q}
                type="search"
                value={text}
                onChange={(event) => setText(event.target.value)}
                placeholder="Number, plate, vehicle, customer, insurer…"
                autoComplete="off"
                enterKeyHint="search"
                maxLength={100}
                className="pl-9"
              />
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={ids.status}>Status</Label>
            <NativeSelect
              id={ids.status}
              value={filters.status ?? ''}
              onChange={(event) => onChange('status', event.target.value)}
            >
              <option value="">All statuses</option>
              {ADMIN_STATUS_FILTERS.map((status) => (
                <option key={status} value={status}>
                  {status === 'active' ? 'Active (not completed or cancelled)' : STATUS_LABELS[status]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid grid-cols-2 gap-3 sm:col-span-1 lg:contents">
            <div className="space-y-1.5">
              <Label htmlFor={ids.from}>From</Label>
              <Input
                id={ids.from}
                type="date"
                value={filters.from ?? ''}
                max={filters.to}
                onChange={(event) => onChange('from', event.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.to}>To</Label>
              <Input
                id={ids.to}
                type="date"
                value={filters.to ?? ''}
                min={filters.from}
                onChange={(event) => onChange('to', event.target.value)}
              />
            </div>
          </div>
          <div className="flex items-center gap-2 sm:col-span-2 lg:order-last lg:col-span-5">
            <input
              id={ids.balanceDue}
              type="checkbox"
              checked={filters.balanceDue === 'true'}
              onChange={(event) => onChange('balanceDue', event.target.checked ? 'true' : '')}
              className="size-4 rounded border-slate-300 accent-brand-700"
            />
            <Label htmlFor={ids.balanceDue}>Balance due only (the customer still owes for agreed work)</Label>
          </div>
          <Button
            variant="secondary"
            onClick={clear}
            disabled={!active && !text}
            className="sm:col-span-2 lg:col-span-1"
          >
            <X aria-hidden="true" />
            Clear filters
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
