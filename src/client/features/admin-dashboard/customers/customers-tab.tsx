import { Mail, Phone, UserRound, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { EmailText, PhoneText } from '#client/components/ui/contact-text.tsx';
import { useAdminEstimates } from '#client/features/admin-dashboard/api/get-admin-estimates.ts';
import { EstimateList } from '#client/features/admin-dashboard/estimates/estimate-list.tsx';
import { customerName } from '#client/features/customers/shared.ts';
import type { Customer } from '#domain/customers.ts';
import { CustomerSearch } from './customer-search.tsx';

/** Look a customer up, see how to reach them and every estimate of theirs. */
export function CustomersTab() {
  const [customer, setCustomer] = useState<Customer | null>(null);
  const [page, setPage] = useState(1);
  const estimates = useAdminEstimates({ customerId: customer?.id }, page, customer !== null);

  const select = (next: Customer | null) => {
    setCustomer(next);
    setPage(1);
  };

  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[360px_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Customers</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {customer ? (
            <SelectedCustomer customer={customer} onClear={() => select(null)} />
          ) : (
            <CustomerSearch onSelect={select} />
          )}
        </CardContent>
      </Card>
      {customer ? (
        <EstimateList
          title={`Estimates of ${customerName(customer)}`}
          data={estimates.data}
          isLoading={estimates.isLoading}
          isError={estimates.isError}
          filtered
          selectedId={null}
          onPage={setPage}
        />
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          Search for a customer by name, e-mail or phone to see their details and estimates.
        </p>
      )}
    </div>
  );
}

function SelectedCustomer({ customer, onClear }: { customer: Customer; onClear: () => void }) {
  return (
    <div className="space-y-3 rounded-xl border-2 border-green-600/40 bg-green-50 p-3">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex items-center gap-1.5 text-base font-semibold text-slate-900">
          <UserRound className="size-4 shrink-0 text-green-700" aria-hidden="true" />
          {customerName(customer)}
        </p>
        <a
          href={`mailto:${customer.email}`}
          className="flex min-w-0 items-center gap-1.5 text-slate-700 hover:underline"
        >
          <Mail className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          <span className="min-w-0">
            <EmailText email={customer.email} />
          </span>
        </a>
        {customer.phone ? (
          <a
            href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}
            className="flex items-center gap-1.5 text-slate-700 hover:underline"
          >
            <Phone className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <PhoneText phone={customer.phone} />
          </a>
        ) : (
          <p className="flex items-center gap-1.5 text-slate-500">
            <Phone className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            No phone on file
          </p>
        )}
      </div>
      <Button variant="secondary" size="sm" onClick={onClear}>
        <X aria-hidden="true" />
        Clear selection
      </Button>
    </div>
  );
}
