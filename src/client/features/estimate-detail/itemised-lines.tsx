import type { MessageId } from '#client/i18n/catalogs.ts';
import { formatCents, formatMoney } from '#client/i18n/format.ts';
import { useT } from '#client/i18n/use-t.ts';
import { cn } from '#client/lib/cn.ts';
import type { EstimateDetail } from '#domain/estimate-detail.ts';
import {
  type EstimateLine,
  type EstimateTotals,
  estimateTotals,
  type LineKind,
  linesByKind,
  type PartType,
  parseTaxRate,
  pricedLine,
} from '#domain/estimate-lines.ts';

/** The kinds and part types as the customer reads them (the shop's screens use the domain's labels). */
export const LINE_KIND_TEXT: Record<LineKind, MessageId> = {
  part: 'estimate.lineKind.part',
  labor: 'estimate.lineKind.labor',
  materials: 'estimate.lineKind.materials',
  sublet: 'estimate.lineKind.sublet',
  other: 'estimate.lineKind.other',
};

export const PART_TYPE_TEXT: Record<PartType, MessageId> = {
  new_oem: 'estimate.partType.new_oem',
  aftermarket: 'estimate.partType.aftermarket',
  used: 'estimate.partType.used',
  rebuilt: 'estimate.partType.rebuilt',
};

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

function quantityText(t: ReturnType<typeof useT>, line: EstimateLine): string {
  const values = { quantity: String(line.quantity), unit: formatMoney(line.unitPrice) };
  return t(line.kind === 'labor' ? 'estimate.lines.laborQuantity' : 'estimate.lines.quantity', values);
}

/** "2 × $45.00 · New (OEM) · insurance pays · optional": what a line is, who pays it. */
function lineDetails(t: ReturnType<typeof useT>, line: EstimateLine, out: boolean): string {
  return [
    quantityText(t, line),
    line.partType && t(PART_TYPE_TEXT[line.partType]),
    t(line.payer === 'insurance' ? 'estimate.lines.payerInsurance' : 'estimate.lines.payerCustomer'),
    line.optional && t(out ? 'estimate.lines.optionalLeftOut' : 'estimate.lines.optional'),
  ]
    .filter(Boolean)
    .join(' · ');
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
  const t = useT();
  const totals = totalsWithout(estimate, declined);
  return (
    <section aria-labelledby="itemised-heading" className="space-y-4">
      <h2 id="itemised-heading" className="text-sm font-semibold text-slate-900">
        {t('estimate.lines.heading')}
      </h2>
      {choosing && estimate.lines.some((line) => line.optional) && (
        <p className="text-sm text-slate-600">{t('estimate.lines.optionalHint')}</p>
      )}
      {linesByKind(estimate.lines).map(([kind, group]) => (
        <div key={kind}>
          <h3 className="border-b border-slate-200 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {t(LINE_KIND_TEXT[kind])}
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
                        aria-label={t('estimate.lines.include', { description: line.description })}
                      />
                    )}
                    <div className="min-w-0">
                      <p className={cn('break-words text-slate-900', out && 'text-slate-500 line-through')}>
                        {line.description}
                      </p>
                      <p className="text-xs text-slate-500">{lineDetails(t, line, out)}</p>
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
      <dl aria-label={t('estimate.totals.label')} className="grid gap-1 rounded-lg bg-slate-50 p-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('estimate.totals.subtotal')}</dt>
          <dd className="font-semibold text-slate-900">{formatCents(totals.subtotalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('estimate.totals.tax', { rate: estimate.taxRate ?? '0' })}</dt>
          <dd className="font-semibold text-slate-900">{formatCents(totals.taxCents)}</dd>
        </div>
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-1 font-bold text-slate-900">
          <dt>{t('estimate.totals.total')}</dt>
          <dd>{formatCents(totals.totalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('estimate.billing.insurancePays')}</dt>
          <dd className="font-semibold text-slate-900">{formatCents(totals.insurance.totalCents)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600">{t('estimate.billing.youPay')}</dt>
          <dd className="font-semibold text-slate-900">{formatCents(totals.customer.totalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
