import {
  type EstimateLine,
  LINE_KIND_LABELS,
  linesByKind,
  PART_TYPE_LABELS,
  PAYER_LABELS,
} from '#domain/estimate-lines.ts';
import { formatMoney } from '#domain/money.ts';

/** The lines, read only, grouped by kind: what the estimate says once approved (or inside a supplement). */
export function LinesTable({ lines, caption }: { lines: readonly EstimateLine[]; caption: string }) {
  return (
    <div className="space-y-3">
      <p className="sr-only">{caption}</p>
      {linesByKind(lines).map(([kind, group]) => (
        <div key={kind}>
          <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {LINE_KIND_LABELS[kind]}
          </h3>
          <ul className="divide-y divide-slate-100">
            {group.map((line) => (
              <li key={line.id} className="flex justify-between gap-3 py-1.5 text-sm">
                <div className="min-w-0">
                  <p className={line.declined ? 'text-slate-500 line-through' : 'text-slate-900'}>
                    {line.description}
                  </p>
                  <p className="text-xs text-slate-500">
                    {line.kind === 'labor'
                      ? `${line.quantity} h × ${formatMoney(line.unitPrice)}`
                      : `${line.quantity} × ${formatMoney(line.unitPrice)}`}
                    {line.partType && ` · ${PART_TYPE_LABELS[line.partType]}`}
                    {` · ${PAYER_LABELS[line.payer]}`}
                    {line.optional && (line.declined ? ' · optional, declined' : ' · optional')}
                  </p>
                </div>
                <p className="shrink-0 font-semibold text-slate-900">{formatMoney(line.amount)}</p>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
