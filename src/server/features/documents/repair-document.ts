import type { LineKind, LinePayer, PartType } from '#domain/estimate-lines.ts';
import type { Language } from '#domain/language.ts';
import type { ShopInfo } from '#domain/shop.ts';

/** One line as printed; amounts are decimal strings the server computed. */
export interface DocumentLine {
  kind: LineKind;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  payer: LinePayer;
  /** F.S. 559.911 asks the invoice to say which parts are new, used or rebuilt. */
  partType: PartType | null;
  optional: boolean;
  /** An optional line the customer declined: printed, struck from the totals. */
  declined: boolean;
}

/** Something that happened to the estimate that the customer or the shop may need to prove later. */
export interface DocumentRecord {
  at: Date;
  /** Written in the document's language. */
  text: string;
}

/**
 * Everything the written estimate (F.S. 559.905) and the invoice (F.S. 559.911) print, gathered by the
 * server from the estimate, its lines, approvals, supplements and payments. The renderer adds nothing.
 */
export interface RepairDocument {
  kind: 'estimate' | 'invoice';
  /** What it is written in: the customer's language. The statutory notices are also printed in English. */
  language: Language;
  /** Name, address, telephone (F.S. 559.905(1)(a)) and FDACS registration (F.S. 559.904). */
  shop: ShopInfo;
  /** Labor is billed by the hour at this rate (F.S. 559.905(1)(g) asks which). */
  laborRate: string;
  taxRatePercent: string;
  reference: string;
  /** When the estimate was written (requested), and when this copy was made. */
  writtenAt: Date;
  printedAt: Date;
  customer: { name: string; email: string; phone: string | null };
  vehicle: {
    year: number | null;
    make: string | null;
    model: string | null;
    vin: string | null;
    licensePlate: string | null;
    mileage: number | null;
  } | null;
  damageDescription: string | null;
  insuranceCompany: string | null;
  /** The proposed completion date (F.S. 559.905(1)(e)), as the shop has set it, written in `language`. */
  completionDate: string | null;
  lines: DocumentLine[];
  totals: {
    subtotal: string;
    tax: string;
    total: string;
    insuranceShare: string;
    customerShare: string;
  };
  /** Approvals, supplements and consents, oldest first. */
  records: DocumentRecord[];
  /** Invoice only: what has been paid and what is still owed. */
  payments: { paid: string; balanceDue: string } | null;
  completedAt: Date | null;
}
