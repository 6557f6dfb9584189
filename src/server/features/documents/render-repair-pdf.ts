import { customerShareTerm } from '#domain/billing.ts';
import { emailBreakParts } from '#domain/contact-breaks.ts';
import { vehicleTitle } from '#domain/estimate.ts';
import { linesByKind } from '#domain/estimate-lines.ts';
import { toCents } from '#domain/money.ts';
import { money, shopDate, shopTime, wholeNumber } from '#server/i18n/format.ts';
import { type Translate, translator } from '#server/i18n/translator.ts';
import { loadPdfKit } from './load-pdfkit.ts';
import type { DocumentLine, RepairDocument } from './repair-document.ts';
import { statutoryNotices } from './statutory-notices.ts';

const PAGE_MARGIN = 50;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';

// Column x positions and widths of the line table (US Letter, 512 pt between the margins).
const COLUMNS = {
  description: { x: 50, width: 236 },
  quantity: { x: 290, width: 46 },
  unitPrice: { x: 340, width: 70 },
  payer: { x: 414, width: 60 },
  amount: { x: 478, width: 84 },
} as const;

/** One document being printed, with the words and the amount format of its language. */
interface Printing {
  document: RepairDocument;
  t: Translate;
  money: (value: string | number | null) => string;
}

/**
 * What another document built on the written estimate adds (the signed repair authorisation,
 * decision 071): its own title, and pages drawn after the estimate's notices, in its words.
 */
export interface PdfAddition {
  title: string;
  draw: (pdf: PDFKit.PDFDocument, t: Translate) => void;
}

/**
 * The written estimate or the invoice as a PDF whose text can be selected and searched, in the
 * document's language.
 */
export async function renderRepairPdf(document: RepairDocument, addition?: PdfAddition): Promise<Buffer> {
  // pdfkit and its font stack (several MB of code and tables) load with the first document printed,
  // not with every server start: most minutes of a shop's day print nothing (load-pdfkit.ts).
  const PDFDocument = await loadPdfKit();
  const p: Printing = {
    document,
    t: translator(document.language),
    money: (value) => money(document.language, value),
  };
  const title =
    addition?.title ??
    p.t(document.kind === 'estimate' ? 'document.title.estimate' : 'document.title.invoice');
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: PAGE_MARGIN,
    bufferPages: true,
    lang: document.language,
    info: {
      Title: `${title} ${document.reference}`,
      Author: document.shop.name,
      CreationDate: document.printedAt,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  header(pdf, p, title);
  parties(pdf, p);
  lineTable(pdf, p);
  totals(pdf, p);
  records(pdf, p);
  notices(pdf, p);
  addition?.draw(pdf, p.t);
  pageNumbers(pdf, p, title);
  pdf.end();
  return done;
}

type Pdf = PDFKit.PDFDocument;

const dateOf = (p: Printing, at: Date) => shopDate(p.document.language, at);
const timeOf = (p: Printing, at: Date) => shopTime(p.document.language, at);

function header(pdf: Pdf, p: Printing, title: string): void {
  const { document, t } = p;
  const { shop } = document;
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(shop.name);
  pdf.font('Helvetica').fontSize(9).fillColor(MUTED);
  pdf.text(`${shop.street}, ${shop.city}`);
  pdf.text(`${shop.phone} · ${shop.email}`);
  if (shop.registrationNumber) pdf.text(t('document.registration', { number: shop.registrationNumber }));

  const top = PAGE_MARGIN;
  pdf
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(title, 330, top, { width: 232, align: 'right' });
  pdf.font('Helvetica').fontSize(9).fillColor(MUTED);
  pdf.text(t('document.reference', { reference: document.reference }), 330, pdf.y, {
    width: 232,
    align: 'right',
  });
  const written = t('document.written', {
    date: dateOf(p, document.writtenAt),
    time: timeOf(p, document.writtenAt),
  });
  pdf.text(written, { width: 232, align: 'right' });
  if (document.completedAt) {
    pdf.text(t('document.completed', { date: dateOf(p, document.completedAt) }), {
      width: 232,
      align: 'right',
    });
  }
  pdf.text(t('document.printed', { date: dateOf(p, document.printedAt) }), { width: 232, align: 'right' });
  pdf.x = PAGE_MARGIN;
  pdf.y = Math.max(pdf.y, top + 62);
  rule(pdf);
}

/**
 * A long e-mail address in lines that break only after its @ and dots (PDFKit would cut it mid-word,
 * wherever the width ends). Uses the current font and size.
 */
function emailLines(pdf: Pdf, email: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const part of emailBreakParts(email)) {
    if (line && pdf.widthOfString(line + part) > width) {
      lines.push(line);
      line = part;
    } else {
      line += part;
    }
  }
  lines.push(line);
  return lines;
}

function parties(pdf: Pdf, p: Printing): void {
  const { document, t } = p;
  const top = pdf.y + 8;
  const { customer, vehicle } = document;
  label(pdf, t('document.customer'), PAGE_MARGIN, top);
  pdf.font('Helvetica').fontSize(10).fillColor(INK);
  pdf.text(customer.name, PAGE_MARGIN, pdf.y, { width: 240 });
  for (const line of emailLines(pdf, customer.email, 240)) pdf.text(line, { width: 240 });
  pdf.text(customer.phone ?? t('document.phoneNotGiven'), { width: 240 });
  if (document.insuranceCompany) {
    pdf.text(t('document.insurance', { company: document.insuranceCompany }), { width: 240 });
  }
  const leftBottom = pdf.y;

  label(pdf, t('document.vehicle'), 312, top);
  pdf.font('Helvetica').fontSize(10).fillColor(INK);
  const notGiven = t('document.notGiven');
  const mileage = vehicle?.mileage;
  const facts = [
    vehicleTitle(vehicle) ?? t('document.vehicleNotGiven'),
    t('document.vin', { vin: vehicle?.vin ?? notGiven }),
    t('document.licensePlate', { plate: vehicle?.licensePlate ?? notGiven }),
    t('document.odometer', {
      reading:
        mileage === null || mileage === undefined
          ? notGiven
          : t('document.miles', { miles: wholeNumber(document.language, mileage) }),
    }),
  ];
  for (const fact of facts) pdf.text(fact, 312, pdf.y, { width: 250 });
  pdf.y = Math.max(leftBottom, pdf.y) + 8;
  pdf.x = PAGE_MARGIN;

  label(pdf, t('document.damage'), PAGE_MARGIN, pdf.y);
  pdf.font('Helvetica').fontSize(10).fillColor(INK);
  pdf.text(document.damageDescription ?? t('document.noDescription'), PAGE_MARGIN, pdf.y, { width: 512 });
  pdf.text(
    t('document.completionDate', {
      date: document.completionDate ?? t('document.completionDateUnset'),
    }),
  );
  pdf.moveDown(0.5);
  rule(pdf);
}

function lineTable(pdf: Pdf, p: Printing): void {
  const { document, t } = p;
  pdf.moveDown(0.5);
  if (document.lines.length === 0) {
    pdf.font('Helvetica').fontSize(10).fillColor(MUTED).text(t('document.singleFigure'));
    return;
  }
  tableHeader(pdf, t);
  for (const [kind, groupLines] of linesByKind(document.lines)) {
    ensureRoom(pdf, 40);
    pdf
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(t(`document.lineKind.${kind}`), PAGE_MARGIN, pdf.y + 4);
    for (const line of groupLines) tableRow(pdf, p, line);
  }
}

function tableHeader(pdf: Pdf, t: Translate): void {
  const y = pdf.y;
  pdf.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
  cell(pdf, t('document.column.description'), 'description', y);
  cell(pdf, t('document.column.quantity'), 'quantity', y, 'right');
  cell(pdf, t('document.column.unitPrice'), 'unitPrice', y, 'right');
  cell(pdf, t('document.column.payer'), 'payer', y, 'right');
  cell(pdf, t('document.column.amount'), 'amount', y, 'right');
  pdf.x = PAGE_MARGIN;
  pdf.y = y + 12;
}

function tableRow(pdf: Pdf, p: Printing, line: DocumentLine): void {
  const { t } = p;
  const notes = [
    line.partType ? t(`document.partType.${line.partType}`) : null,
    line.optional ? t(line.declined ? 'document.line.optionalDeclined' : 'document.line.optional') : null,
  ].filter(Boolean);
  const description = notes.length ? `${line.description}\n${notes.join(' · ')}` : line.description;
  pdf.font('Helvetica').fontSize(9);
  const height = pdf.heightOfString(description, { width: COLUMNS.description.width });
  ensureRoom(pdf, height + 6);
  const y = pdf.y + 3;
  pdf.fillColor(line.declined ? MUTED : INK);
  cell(pdf, description, 'description', y);
  cell(pdf, line.quantity, 'quantity', y, 'right');
  cell(pdf, p.money(line.unitPrice), 'unitPrice', y, 'right');
  cell(pdf, t(`document.payer.${line.payer}`), 'payer', y, 'right');
  cell(pdf, line.declined ? t('document.line.declined') : p.money(line.amount), 'amount', y, 'right');
  pdf.x = PAGE_MARGIN;
  pdf.y = y + height + 3;
}

function totals(pdf: Pdf, p: Printing): void {
  const { document, t } = p;
  ensureRoom(pdf, 110);
  pdf.moveDown(0.5);
  rule(pdf);
  const company = document.insuranceCompany;
  // A cash job has no insurer's part and no deductible: only the customer's share.
  const insured =
    customerShareTerm({ insuranceCompany: company, insuranceCoverage: document.totals.insuranceShare }) ===
    'deductible';
  const rows: [string, string, boolean?][] = [
    [t('document.totals.subtotal'), document.totals.subtotal],
    [t('document.totals.salesTax', { rate: document.taxRatePercent }), document.totals.tax],
    [t('document.totals.total'), document.totals.total, true],
  ];
  if (insured) {
    rows.push(
      [
        company ? t('document.totals.paidByInsuranceOf', { company }) : t('document.totals.paidByInsurance'),
        document.totals.insuranceShare,
      ],
      [t('document.totals.customerShare'), document.totals.customerShare],
    );
  } else {
    rows.push([t('document.totals.customerShareCash'), document.totals.customerShare]);
  }
  if (document.payments) {
    rows.push(
      [t('document.totals.paidToShop'), document.payments.paid],
      [t('document.totals.balanceDue'), document.payments.balanceDue, true],
    );
  }
  for (const [name, amount, strong] of rows) {
    const y = pdf.y + 2;
    pdf
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    pdf.text(name, 250, y, { width: 224, align: 'right' });
    pdf.text(p.money(amount), COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
    pdf.x = PAGE_MARGIN;
  }
  if (document.payments && isPaidInFull(document.payments)) {
    pdf.moveDown(0.3);
    pdf.font('Helvetica-Bold').fontSize(12).fillColor(INK);
    pdf.text(t('document.totals.paidInFull'), 250, pdf.y, {
      width: COLUMNS.amount.x + COLUMNS.amount.width - 250,
      align: 'right',
    });
    pdf.x = PAGE_MARGIN;
  }
  pdf.moveDown(0.5);
}

/** Something was paid and nothing is left: the invoice says so in words, not only as $0.00. */
function isPaidInFull(payments: { paid: string; balanceDue: string }): boolean {
  return (toCents(payments.paid) ?? 0) > 0 && toCents(payments.balanceDue) === 0;
}

function records(pdf: Pdf, p: Printing): void {
  const { document, t } = p;
  if (document.records.length === 0) return;
  ensureRoom(pdf, 50);
  rule(pdf);
  label(pdf, t('document.records'), PAGE_MARGIN, pdf.y + 6);
  pdf.font('Helvetica').fontSize(9).fillColor(INK);
  for (const record of document.records) {
    ensureRoom(pdf, 24);
    const line = t('document.record.at', {
      date: dateOf(p, record.at),
      time: timeOf(p, record.at),
      text: record.text,
    });
    pdf.text(line, PAGE_MARGIN, pdf.y, { width: 512 });
  }
  pdf.moveDown(0.5);
}

/**
 * The rights the statute gives the customer. A document in another language than English prints each
 * notice translated, followed by the statute's own English words: F.S. 559.905 and 559.909 prescribe
 * the wording, so the English is what binds the shop and is never left out; the translation is there
 * so the customer understands it.
 */
function notices(pdf: Pdf, p: Printing): void {
  const { document, t } = p;
  const translated = document.language !== 'en';
  ensureRoom(pdf, 80);
  rule(pdf);
  label(pdf, t('document.rights'), PAGE_MARGIN, pdf.y + 6);
  if (translated) {
    pdf
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(t('document.rights.englishCounts'), { width: 512 });
    pdf.moveDown(0.3);
  }
  for (const notice of statutoryNotices(document)) {
    ensureRoom(pdf, translated ? 44 : 24);
    pdf.font('Helvetica').fontSize(8.5).fillColor(INK);
    if (!translated) {
      pdf.text(`• ${notice.english}`, PAGE_MARGIN, pdf.y, { width: 512 });
      continue;
    }
    pdf.text(
      `• ${t(`document.notice.${notice.id}`, {
        rate: p.money(notice.id === 'storage' ? document.shop.storageDailyRate : document.laborRate),
      })}`,
      PAGE_MARGIN,
      pdf.y,
      {
        width: 512,
      },
    );
    pdf.fillColor(MUTED).text(notice.english, PAGE_MARGIN + 9, pdf.y, { width: 503 });
  }
}

function pageNumbers(pdf: Pdf, p: Printing, title: string): void {
  const range = pdf.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    pdf.switchToPage(range.start + index);
    const bottom = pdf.page.height - PAGE_MARGIN + 16;
    // Writing inside the bottom margin would otherwise start a new page.
    pdf.page.margins.bottom = 0;
    pdf.font('Helvetica').fontSize(8).fillColor(MUTED);
    const footer = p.t('document.page', {
      title,
      reference: p.document.reference,
      page: String(index + 1),
      count: String(range.count),
    });
    pdf.text(footer, PAGE_MARGIN, bottom, { width: 512, align: 'center', lineBreak: false });
  }
}

function cell(
  pdf: Pdf,
  text: string,
  column: keyof typeof COLUMNS,
  y: number,
  align: 'left' | 'right' = 'left',
): void {
  const { x, width } = COLUMNS[column];
  pdf.text(text, x, y, { width, align });
}

function label(pdf: Pdf, text: string, x: number, y: number): void {
  pdf
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(MUTED)
    .text(text.toUpperCase(), x, y, { characterSpacing: 0.5 });
}

function rule(pdf: Pdf): void {
  const y = pdf.y + 4;
  pdf.moveTo(PAGE_MARGIN, y).lineTo(562, y).lineWidth(0.5).strokeColor(RULE).stroke();
  pdf.y = y + 4;
}

function ensureRoom(pdf: Pdf, height: number): void {
  if (pdf.y + height > pdf.page.height - PAGE_MARGIN) pdf.addPage();
}
