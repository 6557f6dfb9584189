import {
  type EstimateLine,
  type EstimateLineInput,
  type EstimateTotals,
  estimateTotals,
  type LineKind,
  type LinePayer,
  lineAmountCents,
  type PartType,
  parseTaxRate,
  toHundredths,
} from '#domain/estimate-lines.ts';
import { toCents } from '#domain/money.ts';
import type { PricingInfo } from '#domain/pricing.ts';

/** One line as the editor holds it: text fields as typed, so a half-typed number is not lost. */
export interface LineDraft {
  /** React's key: the line's id once saved, a local one before. */
  key: string;
  id?: string;
  kind: LineKind;
  description: string;
  quantity: string;
  /** Empty on a labor line means the shop's labor rate. */
  unitPrice: string;
  payer: LinePayer;
  partType: PartType;
  optional: boolean;
  /** Supplements only: the id of the line this one takes the place of, or ''. */
  replacesLineId: string;
}

let counter = 0;
const localKey = () => `new-${++counter}`;

export function blankDraft(): LineDraft {
  return {
    key: localKey(),
    kind: 'part',
    description: '',
    quantity: '1',
    unitPrice: '',
    payer: 'customer',
    partType: 'new_oem',
    optional: false,
    replacesLineId: '',
  };
}

export function draftFromLine(line: EstimateLine): LineDraft {
  return {
    key: line.id,
    id: line.id,
    kind: line.kind,
    description: line.description,
    quantity: String(line.quantity),
    unitPrice: line.unitPrice,
    payer: line.payer,
    partType: line.partType ?? 'new_oem',
    optional: line.optional,
    replacesLineId: '',
  };
}

/** What the server is sent: numbers as typed (the server says which line is wrong), part type for parts only. */
export function draftToInput(draft: LineDraft, withReplaces = false): EstimateLineInput {
  return {
    ...(draft.id ? { id: draft.id } : {}),
    kind: draft.kind,
    description: draft.description,
    quantity: draft.quantity.trim(),
    ...(draft.unitPrice.trim() || draft.kind !== 'labor' ? { unitPrice: draft.unitPrice.trim() } : {}),
    payer: draft.payer,
    ...(draft.kind === 'part' ? { partType: draft.partType } : {}),
    optional: draft.optional,
    ...(withReplaces && draft.replacesLineId ? { replacesLineId: draft.replacesLineId } : {}),
  };
}

/** The price a draft is counted at: as typed, or the labor rate for a labor line left empty; null when unreadable. */
export function draftUnitCents(draft: LineDraft, pricing: PricingInfo): number | null {
  if (draft.kind === 'labor' && draft.unitPrice.trim() === '') return toCents(pricing.laborRate);
  return toCents(draft.unitPrice);
}

/** The draft's amount in cents, or null while its quantity or price cannot be read. */
export function draftAmountCents(draft: LineDraft, pricing: PricingInfo): number | null {
  const quantity = toHundredths(draft.quantity);
  const unit = draftUnitCents(draft, pricing);
  if (quantity === null || unit === null || unit < 0) return null;
  return lineAmountCents(quantity, unit);
}

/** The live totals, with the same functions the server prices with; unreadable lines count as 0. */
export function draftTotals(drafts: readonly LineDraft[], pricing: PricingInfo): EstimateTotals {
  const rate = parseTaxRate(pricing.taxRate) ?? 0;
  return estimateTotals(
    drafts.map((draft) => ({
      kind: draft.kind,
      payer: draft.payer,
      amountCents: draftAmountCents(draft, pricing) ?? 0,
      taxable: pricing.taxableKinds.includes(draft.kind),
      declined: false,
    })),
    rate,
  );
}

/** "Line 3: quantity must be …" → {index: 2, message}; null for a message about the list as a whole. */
export function lineOfMessage(message: string): { index: number; message: string } | null {
  const match = /^Line (\d+): (.*)$/s.exec(message);
  if (!match) return null;
  return { index: Number(match[1]) - 1, message: match[2] ?? '' };
}
