import { createHash } from 'node:crypto';
import { canonicalJson } from '#domain/canonical-json.ts';
import type { Language } from '#domain/language.ts';
import type { AuthorizationRequest } from '#domain/repair-authorization.ts';
import type { CheckInRow } from '#server/db/schema.ts';
import type { RepairDocument } from '#server/features/documents/shared.ts';

/**
 * Everything the customer signs, as one JSON document: the estimate as approved (as the written
 * estimate prints it), their choices, the check-in they saw, the notices, and the signature's own
 * digest. Its canonical JSON is stored as it is and its SHA-256 printed on the PDF, so anyone holding
 * the row can recompute the printed hash (decision 071).
 */
export interface SignedContent {
  [key: string]: unknown;
  document: 'repair-authorization';
  version: 1;
  language: Language;
  shop: { name: string; registrationNumber: string | null };
  estimate: {
    id: string;
    reference: string;
    writtenAt: string;
    customer: RepairDocument['customer'];
    vehicle: RepairDocument['vehicle'];
    damageDescription: string | null;
    insuranceCompany: string | null;
    completionDate: string | null;
    laborRate: string;
    taxRatePercent: string;
    lines: RepairDocument['lines'];
    totals: RepairDocument['totals'];
    records: { at: string; text: string }[];
  };
  signerName: string;
  /** F.S. 559.905: a written estimate, waived, or a limit the shop may not exceed without asking. */
  estimateChoice: AuthorizationRequest['estimateChoice'];
  limitAmount: string | null;
  /** F.S. 559.909: the replaced parts go back to the customer. */
  returnReplacedParts: boolean;
  directionToPay: { insurer: string; claimNumber: string } | null;
  /**
   * The storage terms of the written estimate (F.S. 559.905: the daily storage charge after the
   * repair is done and the customer told), filled in by the storage feature (decision 072); null
   * while the shop charges none.
   */
  storageTerms: null | { dailyRate: string; [key: string]: string };
  checkIn: {
    at: string;
    odometer: number;
    fuel: string | null;
    keys: string | null;
    notes: string | null;
    photos: { angle: string; photoId: string }[];
  } | null;
  /** The notices printed with it, in the statute's English. */
  notices: string[];
  signature: { sha256: string; width: number; height: number };
  signedAt: string;
  /** "at the counter" (on the shop's device) or the IP address the customer signed from. */
  signedWhere: string;
  replaces: { id: string; reason: string } | null;
}

export const signedAtTheCounter = 'at the counter';

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The stored text of the signed content and its SHA-256, the hash the PDF prints. */
export function sealContent(content: SignedContent): { text: string; hash: string } {
  const text = canonicalJson(JSON.parse(JSON.stringify(content)));
  return { text, hash: sha256Hex(text) };
}

export function estimateSnapshot(id: string, document: RepairDocument): SignedContent['estimate'] {
  return {
    id,
    reference: document.reference,
    writtenAt: document.writtenAt.toISOString(),
    customer: document.customer,
    vehicle: document.vehicle,
    damageDescription: document.damageDescription,
    insuranceCompany: document.insuranceCompany,
    completionDate: document.completionDate,
    laborRate: document.laborRate,
    taxRatePercent: document.taxRatePercent,
    lines: document.lines,
    totals: document.totals,
    records: document.records.map((record) => ({ at: record.at.toISOString(), text: record.text })),
  };
}

export function checkInSnapshot(row: CheckInRow | null): SignedContent['checkIn'] {
  if (!row) return null;
  return {
    at: row.createdAt.toISOString(),
    odometer: row.odometer,
    fuel: row.fuel,
    keys: row.keys,
    notes: row.notes,
    photos: row.photos,
  };
}

/**
 * The written estimate as it was signed, to print again with the signature beneath it. The shop's
 * name, registration and storage rate are the signed ones, not today's configuration: the notices
 * printed under the signed digest must be those the customer signed. Its address and phone, which
 * the content does not keep, are today's.
 */
export function documentAsSigned(
  content: SignedContent,
  shop: RepairDocument['shop'],
  printedAt: Date,
): RepairDocument {
  const { estimate } = content;
  return {
    kind: 'estimate',
    language: content.language,
    shop: {
      ...shop,
      name: content.shop.name,
      registrationNumber: content.shop.registrationNumber,
      storageDailyRate: content.storageTerms?.dailyRate ?? null,
    },
    laborRate: estimate.laborRate,
    taxRatePercent: estimate.taxRatePercent,
    reference: estimate.reference,
    writtenAt: new Date(estimate.writtenAt),
    printedAt,
    customer: estimate.customer,
    vehicle: estimate.vehicle,
    damageDescription: estimate.damageDescription,
    insuranceCompany: estimate.insuranceCompany,
    completionDate: estimate.completionDate,
    lines: estimate.lines,
    totals: estimate.totals,
    records: estimate.records.map((record) => ({ at: new Date(record.at), text: record.text })),
    payments: null,
    completedAt: null,
  };
}
