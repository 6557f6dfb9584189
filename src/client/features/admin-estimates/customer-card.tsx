import { User } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { EmailText, PhoneText } from '#client/components/ui/contact-text.tsx';
import { formatShopDate } from '#domain/admin-dashboard.ts';
import type { TextUpdates } from '#domain/admin-estimates.ts';
import type { Customer } from '#domain/customers.ts';

const NOT_PROVIDED = 'Not provided';

function displayName(customer: Customer): string {
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ').trim();
  return name || customer.email || NOT_PROVIDED;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

const missing = <span className="text-sm font-normal text-slate-500 italic">{NOT_PROVIDED}</span>;

/**
 * Whether repair updates are texted, and to which number. A STOP from the number is shown plainly: it
 * stands whoever ticked "Text me updates" since, until the number itself texts START (decision 060).
 */
function TextUpdatesStatus({ textUpdates }: { textUpdates: TextUpdates | null }) {
  if (!textUpdates) return <span className="text-sm font-normal text-slate-500 italic">Not asked for</span>;
  const askedOn = formatShopDate(textUpdates.optedInAt);
  const stoppedOn = formatShopDate(textUpdates.stoppedAt);
  return (
    <>
      <PhoneText phone={textUpdates.phone} />
      {askedOn ? (
        <span className="block text-sm font-normal text-slate-600">Asked for on {askedOn}</span>
      ) : null}
      {stoppedOn ? (
        <span className="mt-1 block text-sm font-semibold text-red-700">
          This number texted STOP on {stoppedOn}; no texts are sent until it texts START.
        </span>
      ) : null}
    </>
  );
}

/** Who the estimate is for, with one-tap phone and e-mail links. */
export function CustomerCard({
  customer,
  plate,
  textUpdates,
  noShows = 0,
}: {
  customer: Customer;
  plate: string | null;
  textUpdates: TextUpdates | null;
  /** Drop-offs this customer missed, on any estimate. */
  noShows?: number;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <User className="size-5 text-brand-700" aria-hidden="true" />
          Customer
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3">
          <Row label="Name">{displayName(customer)}</Row>
          <Row label="Phone">
            {customer.phone ? (
              <a className="text-brand-700 underline-offset-4 hover:underline" href={`tel:${customer.phone}`}>
                <PhoneText phone={customer.phone} />
              </a>
            ) : (
              missing
            )}
          </Row>
          <Row label="Email">
            {customer.email ? (
              <a
                className="text-brand-700 underline-offset-4 hover:underline"
                href={`mailto:${customer.email}`}
              >
                <EmailText email={customer.email} />
              </a>
            ) : (
              missing
            )}
          </Row>
          <Row label="License Plate">{plate || missing}</Row>
          <Row label="Text updates">
            <TextUpdatesStatus textUpdates={textUpdates} />
          </Row>
          <Row label="Missed drop-offs">
            {noShows === 0 ? 'None' : <span className="font-semibold text-amber-800">{noShows}</span>}
          </Row>
        </dl>
      </CardContent>
    </Card>
  );
}
