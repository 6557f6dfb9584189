import { cn } from '#client/lib/cn.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import {
  type EstimateLine,
  type EstimateTotals,
  estimateTotals,
  LINE_KIND_LABELS,
  linesByKind,
  PART_TYPE_LABELS,
  parseTaxRate,
  pricedLine,
} from '#domain/estimate-lines.ts';
import { formatMoney } from '#domain/money.ts';

const money = (cents: number) => formatMoney(cents / 100);

/**
 * The estimate's totals with the optional lines the customer unticked left out, counted with the
 * same functions the server prices with (so the figure shown is the figure approved).
 */
export function totalsWithout(estimate: EstimateDetail, declined: readonly string[]): EstimateTotals {
  const lines = estimate.lines.map((line) => ({
    ...pricedLine(line),
    declined: line.declined || declined.includes(line.id),
  }));
  return estimateTotals(lines, parseTaxRate(estimate.taxRate ?? '0') ?? 0);
}

function quantityText(line: EstimateLine): string {
  const unit = formatMoney(line.unitPrice);
  return line.kind === 'labor' ? `${line.quantity} h × ${unit}/h` : `${line.quantity} × ${unit}`;
}

/**
 * The itemised estimate for the customer: lines grouped by kind, each with its part type and who pays
 * it; optional lines carry a checkbox while the customer can still answer.
 */
export function ItemisedLines({
  estimate,
  declined,
  onToggle,
  choosing,
}: {
  estimate: EstimateDetail;
  declined: readonly string[];
  onToggle: (lineId: string, included: boolean) => void;
  /** The estimate awaits the customer's answer: optional lines can be unticked. */
  choosing: boolean;
}) {
  const totals = totalsWithout(estimate, declined);
  return (
    <section aria-labelledby="itemised-heading" className="space-y-4">
      <h2 id="itemised-heading" className="text-sm font-semibold text-slate-900">
        What the estimate covers
      </h2>
      {choosing && estimate.lines.some((line) => line.optional) && (
        <p className="text-sm text-slate-600">
          Items marked optional are up to you: untick any you don’t want before approving.
        </p>
      )}
      {linesByKind(estimate.lines).map(([kind, group]) => (
        <div key={kind}>
          <h3 className="border-b border-slate-200 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {LINE_KIND_LABELS[kind]}
          </h3>
          <ul className="divide-y divide-slate-100">
            {group.map((line) => {
              const out = line.declined || declined.includes(line.id);
              return (
                <li key={line.id} className="flex items-start justify-between gap-3 py-2 text-sm">
                  <div className="flex min-w-0 items-start gap-2">
                    {line.optional && choosing && (
                      <input
                        type="checkbox"
                        className="mt-0.5 size-5 shrink-0 accent-brand-700"
                        checked={!out}
                        onChange={(event) => onToggle(line.id, event.target.checked)}
                        aria-label={`Include ${line.description} (optional)`}
                      />
                    )}
                    <div className="min-w-0">
                      <p className={cn('break-words text-slate-900', out && 'text-slate-500 line-through')}>
                        {line.description}
                      </p>
                      <p className="text-xs text-slate-500">
                        {quantityText(line)}
                        {line.partType && ` · ${PART_TYPE_LABELS[line.partType]}`}
                        {line.payer === 'insurance' ? ' · insurance pays' : ' · you pay'}
                        {line.optional && (out ? ' · optional, left out' : ' · optional')}
                      </p>
                    </div>
                  </div>
                  <p
                    className={cn(
                      'shrink-0 font-semibold text-slate-900',
                      out && 'text-slate-500 line-through',
                    )}
                  >
                    {formatMoney(line.amount)}
                  </p>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      <dl aria-label="Estimate totals" className="grid gap-1 rounded-lg bg-slate-50 p-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Subtotal</dt>
          <dd className="font-semibold text-slate-900">{money(totals.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Tax ({estimate.taxRate ?? '0'}%)</dt>
          <dd className="font-semibold text-slate-900">{money(totals.taxCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 font-bold text-slate-900">
          <dt>Total</dt>
          <dd>{money(totals.totalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">Insurance pays</dt>
          <dd className="font-semibold text-slate-900">{money(totals.insurance.totalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">You pay</dt>
          <dd className="font-semibold text-slate-900">{money(totals.customer.totalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
