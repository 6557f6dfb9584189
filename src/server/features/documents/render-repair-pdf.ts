import { tz } from '@date-fns/tz';
import { format } from 'date-fns';
import PDFDocument from 'pdfkit';
import { SHOP_TIME_ZONE } from '#domain/drop-off-slots.ts';
import { vehicleTitle } from '#domain/estimate.ts';
import { LINE_KIND_LABELS, linesByKind, PART_TYPE_LABELS, PAYER_LABELS } from '#domain/estimate-lines.ts';
import { formatMoney } from '#domain/money.ts';
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

const shopTime = (date: Date, pattern: string) => format(date, pattern, { in: tz(SHOP_TIME_ZONE) });

/** The written estimate or the invoice as a PDF whose text can be selected and searched. */
export function renderRepairPdf(document: RepairDocument): Promise<Buffer> {
  const title = document.kind === 'estimate' ? 'Written Repair Estimate' : 'Repair Invoice';
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: PAGE_MARGIN,
    bufferPages: true,
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

  header(pdf, document, title);
  parties(pdf, document);
  lineTable(pdf, document.lines);
  totals(pdf, document);
  records(pdf, document);
  notices(pdf, document);
  pageNumbers(pdf, document, title);
  pdf.end();
  return done;
}

type Pdf = PDFKit.PDFDocument;

function header(pdf: Pdf, document: RepairDocument, title: string): void {
  const { shop } = document;
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(16).text(shop.name);
  pdf.font('Helvetica').fontSize(9).fillColor(MUTED);
  pdf.text(`${shop.street}, ${shop.city}`);
  pdf.text(`${shop.phone} · ${shop.email}`);
  if (shop.registrationNumber) pdf.text(`FDACS Reg. No. ${shop.registrationNumber}`);

  const top = PAGE_MARGIN;
  pdf
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(title, 330, top, { width: 232, align: 'right' });
  pdf.font('Helvetica').fontSize(9).fillColor(MUTED);
  pdf.text(`Reference ${document.reference}`, 330, pdf.y, { width: 232, align: 'right' });
  pdf.text(`Written ${shopTime(document.writtenAt, "MMM d, yyyy 'at' h:mm a")}`, {
    width: 232,
    align: 'right',
  });
  if (document.completedAt) {
    pdf.text(`Completed ${shopTime(document.completedAt, 'MMM d, yyyy')}`, { width: 232, align: 'right' });
  }
  pdf.text(`Printed ${shopTime(document.printedAt, 'MMM d, yyyy')}`, { width: 232, align: 'right' });
  pdf.x = PAGE_MARGIN;
  pdf.y = Math.max(pdf.y, top + 62);
  rule(pdf);
}

function parties(pdf: Pdf, document: RepairDocument): void {
  const top = pdf.y + 8;
  const { customer, vehicle } = document;
  label(pdf, 'Customer', PAGE_MARGIN, top);
  pdf.font('Helvetica').fontSize(10).fillColor(INK);
  pdf.text(customer.name, PAGE_MARGIN, pdf.y, { width: 240 });
  pdf.text(customer.email, { width: 240 });
  pdf.text(customer.phone ?? 'Phone not given', { width: 240 });
  if (document.insuranceCompany) pdf.text(`Insurance: ${document.insuranceCompany}`, { width: 240 });
  const leftBottom = pdf.y;

  label(pdf, 'Vehicle', 312, top);
  pdf.font('Helvetica').fontSize(10).fillColor(INK);
  const facts = [
    vehicleTitle(vehicle) ?? 'Vehicle not given',
    `VIN: ${vehicle?.vin ?? 'not given'}`,
    `License plate: ${vehicle?.licensePlate ?? 'not given'}`,
    `Odometer: ${vehicle?.mileage === null || vehicle?.mileage === undefined ? 'not given' : `${vehicle.mileage.toLocaleString('en-US')} mi`}`,
  ];
  for (const fact of facts) pdf.text(fact, 312, pdf.y, { width: 250 });
  pdf.y = Math.max(leftBottom, pdf.y) + 8;
  pdf.x = PAGE_MARGIN;

  label(pdf, 'Damage and work requested', PAGE_MARGIN, pdf.y);
  pdf.font('Helvetica').fontSize(10).fillColor(INK);
  pdf.text(document.damageDescription ?? 'No description given.', PAGE_MARGIN, pdf.y, { width: 512 });
  pdf.text(
    `Proposed completion date: ${document.completionDate ?? 'to be set when the vehicle is dropped off'}`,
  );
  pdf.moveDown(0.5);
  rule(pdf);
}

function lineTable(pdf: Pdf, lines: DocumentLine[]): void {
  pdf.moveDown(0.5);
  if (lines.length === 0) {
    pdf
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text('This estimate is a single figure, not itemised.');
    return;
  }
  tableHeader(pdf);
  for (const [kind, groupLines] of linesByKind(lines)) {
    ensureRoom(pdf, 40);
    pdf
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(LINE_KIND_LABELS[kind], PAGE_MARGIN, pdf.y + 4);
    for (const line of groupLines) tableRow(pdf, line);
  }
}

function tableHeader(pdf: Pdf): void {
  const y = pdf.y;
  pdf.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
  cell(pdf, 'DESCRIPTION', 'description', y);
  cell(pdf, 'QTY / HRS', 'quantity', y, 'right');
  cell(pdf, 'UNIT PRICE', 'unitPrice', y, 'right');
  cell(pdf, 'PAID BY', 'payer', y, 'right');
  cell(pdf, 'AMOUNT', 'amount', y, 'right');
  pdf.x = PAGE_MARGIN;
  pdf.y = y + 12;
}

function tableRow(pdf: Pdf, line: DocumentLine): void {
  const notes = [
    line.partType ? PART_TYPE_LABELS[line.partType] : null,
    line.optional ? (line.declined ? 'Optional, declined by the customer' : 'Optional') : null,
  ].filter(Boolean);
  const description = notes.length ? `${line.description}\n${notes.join(' · ')}` : line.description;
  pdf.font('Helvetica').fontSize(9);
  const height = pdf.heightOfString(description, { width: COLUMNS.description.width });
  ensureRoom(pdf, height + 6);
  const y = pdf.y + 3;
  pdf.fillColor(line.declined ? MUTED : INK);
  cell(pdf, description, 'description', y);
  cell(pdf, line.quantity, 'quantity', y, 'right');
  cell(pdf, formatMoney(line.unitPrice), 'unitPrice', y, 'right');
  cell(pdf, PAYER_LABELS[line.payer], 'payer', y, 'right');
  cell(pdf, line.declined ? 'declined' : formatMoney(line.amount), 'amount', y, 'right');
  pdf.x = PAGE_MARGIN;
  pdf.y = y + height + 3;
}

function totals(pdf: Pdf, document: RepairDocument): void {
  ensureRoom(pdf, 110);
  pdf.moveDown(0.5);
  rule(pdf);
  const rows: [string, string, boolean?][] = [
    ['Subtotal', document.totals.subtotal],
    [`Sales tax (${document.taxRatePercent}%)`, document.totals.tax],
    ['Total', document.totals.total, true],
    [
      `Paid by insurance${document.insuranceCompany ? ` (${document.insuranceCompany})` : ''}`,
      document.totals.insuranceShare,
    ],
    ['Your share (deductible and customer-paid lines)', document.totals.customerShare],
  ];
  if (document.payments) {
    rows.push(
      ['Paid to the shop', document.payments.paid],
      ['Balance due', document.payments.balanceDue, true],
    );
  }
  for (const [name, amount, strong] of rows) {
    const y = pdf.y + 2;
    pdf
      .font(strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    pdf.text(name, 250, y, { width: 224, align: 'right' });
    pdf.text(formatMoney(amount), COLUMNS.amount.x, y, { width: COLUMNS.amount.width, align: 'right' });
    pdf.x = PAGE_MARGIN;
  }
  pdf.moveDown(0.5);
}

function records(pdf: Pdf, document: RepairDocument): void {
  if (document.records.length === 0) return;
  ensureRoom(pdf, 50);
  rule(pdf);
  label(pdf, 'Approvals and consents', PAGE_MARGIN, pdf.y + 6);
  pdf.font('Helvetica').fontSize(9).fillColor(INK);
  for (const record of document.records) {
    ensureRoom(pdf, 24);
    pdf.text(`${shopTime(record.at, "MMM d, yyyy 'at' h:mm a")} — ${record.text}`, PAGE_MARGIN, pdf.y, {
      width: 512,
    });
  }
  pdf.moveDown(0.5);
}

function notices(pdf: Pdf, document: RepairDocument): void {
  ensureRoom(pdf, 80);
  rule(pdf);
  label(pdf, 'Your rights under the Florida Motor Vehicle Repair Act', PAGE_MARGIN, pdf.y + 6);
  pdf.font('Helvetica').fontSize(8.5).fillColor(INK);
  for (const notice of statutoryNotices(document)) {
    ensureRoom(pdf, 24);
    pdf.text(`• ${notice}`, PAGE_MARGIN, pdf.y, { width: 512 });
  }
}

function pageNumbers(pdf: Pdf, document: RepairDocument, title: string): void {
  const range = pdf.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    pdf.switchToPage(range.start + index);
    const bottom = pdf.page.height - PAGE_MARGIN + 16;
    // Writing inside the bottom margin would otherwise start a new page.
    pdf.page.margins.bottom = 0;
    pdf.font('Helvetica').fontSize(8).fillColor(MUTED);
    pdf.text(`${title} ${document.reference} · page ${index + 1} of ${range.count}`, PAGE_MARGIN, bottom, {
      width: 512,
      align: 'center',
      lineBreak: false,
    });
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
