import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { NativeSelect } from '#client/components/ui/native-select.tsx';
import {
  LINE_DESCRIPTION_MAX_LENGTH,
  LINE_KINDS,
  LINE_PAYERS,
  type LineKind,
  type LinePayer,
  PART_TYPE_LABELS,
  PART_TYPES,
  PAYER_LABELS,
  type PartType,
} from '#domain/estimate-lines.ts';
import { formatMoney } from '#domain/money.ts';
import type { PricingInfo } from '#domain/pricing.ts';
import { draftAmountCents, type LineDraft } from './line-draft.ts';

/** The kinds as one line is called (the grouped headings are plural). */
const KIND_NAMES: Record<LineKind, string> = {
  part: 'Part',
  labor: 'Labor (hours)',
  materials: 'Paint & materials',
  sublet: 'Sublet',
  other: 'Other',
};

function Field({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // The visible label is short; each input's aria-label names its line too ("Line 2 description").
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      {children}
    </div>
  );
}

/**
 * One line of the editor: kind, description, quantity, unit price, payer, part type (parts) and
 * optional; up, down and remove. `error` is the server's message for this line.
 */
export function LineRowEditor({
  draft,
  index,
  count,
  pricing,
  error,
  onChange,
  onMove,
  onRemove,
  replaceChoices,
  prefix = 'Line',
}: {
  draft: LineDraft;
  index: number;
  count: number;
  pricing: PricingInfo;
  error?: string;
  onChange: (draft: LineDraft) => void;
  onMove?: (offset: -1 | 1) => void;
  onRemove: () => void;
  /** Supplements: the approved lines a new line may replace. */
  replaceChoices?: { id: string; description: string }[];
  prefix?: string;
}) {
  const name = `${prefix} ${index + 1}`;
  const errorId = `${draft.key}-error`;
  const amount = draftAmountCents(draft, pricing);
  const set = (patch: Partial<LineDraft>) => onChange({ ...draft, ...patch });
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  const labor = draft.kind === 'labor';

  return (
    <fieldset
      className="space-y-3 rounded-lg border border-slate-200 p-3 aria-[invalid=true]:border-brand-600"
      aria-invalid={error ? true : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-slate-900">{name}</legend>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-brand-700">
          {name}: {error}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-6">
        <Field id={`${draft.key}-kind`} label="Kind" className="col-span-2 sm:col-span-2">
          <NativeSelect
            id={`${draft.key}-kind`}
            aria-label={`${name} kind`}
            value={draft.kind}
            onChange={(event) => set({ kind: event.target.value as LineKind })}
          >
            {LINE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_NAMES[kind]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id={`${draft.key}-description`} label="Description" className="col-span-2 sm:col-span-4">
          <Input
            id={`${draft.key}-description`}
            aria-label={`${name} description`}
            value={draft.description}
            maxLength={LINE_DESCRIPTION_MAX_LENGTH}
            onChange={(event) => set({ description: event.target.value })}
            {...invalid}
          />
        </Field>
        <Field id={`${draft.key}-quantity`} label={labor ? 'Hours' : 'Quantity'} className="sm:col-span-2">
          <Input
            id={`${draft.key}-quantity`}
            aria-label={`${name} ${labor ? 'hours' : 'quantity'}`}
            inputMode="decimal"
            value={draft.quantity}
            onChange={(event) => set({ quantity: event.target.value })}
            {...invalid}
          />
        </Field>
        <Field
          id={`${draft.key}-price`}
          label={labor ? 'Rate per hour ($)' : 'Unit price ($)'}
          className="sm:col-span-2"
        >
          <Input
            id={`${draft.key}-price`}
            aria-label={`${name} ${labor ? 'rate per hour' : 'unit price'}`}
            inputMode="decimal"
            placeholder={labor ? `${pricing.laborRate} (shop rate)` : '0.00'}
            value={draft.unitPrice}
            onChange={(event) => set({ unitPrice: event.target.value })}
            {...invalid}
          />
        </Field>
        <Field id={`${draft.key}-payer`} label="Paid by" className="sm:col-span-2">
          <NativeSelect
            id={`${draft.key}-payer`}
            aria-label={`${name} paid by`}
            value={draft.payer}
            onChange={(event) => set({ payer: event.target.value as LinePayer })}
          >
            {LINE_PAYERS.map((payer) => (
              <option key={payer} value={payer}>
                {PAYER_LABELS[payer]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {draft.kind === 'part' && (
          <Field id={`${draft.key}-part-type`} label="Part type" className="col-span-2 sm:col-span-3">
            <NativeSelect
              id={`${draft.key}-part-type`}
              aria-label={`${name} part type`}
              value={draft.partType}
              onChange={(event) => set({ partType: event.target.value as PartType })}
            >
              {PART_TYPES.map((type) => (
                <option key={type} value={type}>
                  {PART_TYPE_LABELS[type]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        {replaceChoices && (
          <Field id={`${draft.key}-replaces`} label="Replaces" className="col-span-2 sm:col-span-3">
            <NativeSelect
              id={`${draft.key}-replaces`}
              aria-label={`${name} replaces`}
              value={draft.replacesLineId}
              onChange={(event) => set({ replacesLineId: event.target.value })}
            >
              <option value="">Nothing (an added line)</option>
              {replaceChoices.map((line) => (
                <option key={line.id} value={line.id}>
                  {line.description}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={draft.optional}
            onChange={(event) => set({ optional: event.target.checked })}
            aria-label={`${name} optional (the customer may decline it)`}
          />
          Optional
        </label>
        <p className="text-sm text-slate-700">
          Amount{' '}
          <span className="font-semibold text-slate-900">
            {amount === null ? '—' : formatMoney(amount / 100)}
          </span>
        </p>
        <div className="flex gap-1">
          {onMove && (
            <>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move ${name.toLowerCase()} up`}
                disabled={index === 0}
                onClick={() => onMove(-1)}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Move ${name.toLowerCase()} down`}
                disabled={index === count - 1}
                onClick={() => onMove(1)}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
            </>
          )}
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove ${name.toLowerCase()}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      </div>
    </fieldset>
  );
}
