import { vehicleTitle } from '#domain/estimate.ts';
import { centsToDecimal } from '#domain/money.ts';
import { vinLastEight } from '#domain/storage.ts';
import { longDay, money, shopDate } from '#server/i18n/format.ts';
import { type Translate, translator } from '#server/i18n/translator.ts';
import type { LienNotice } from './lien-notice.ts';
import { loadPdfKit } from './load-pdfkit.ts';

const MARGIN = 50;
const WIDTH = 512;
const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#94a3b8';
/** The shop is in Land O' Lakes: its circuit court is Pasco County's. */
const COUNTY = 'Pasco County, Florida';

type Pdf = PDFKit.PDFDocument;

interface Printing {
  notice: LienNotice;
  t: Translate;
  /** English beside the notice's language: the statute's words are the ones that count. */
  english: Translate | null;
  money: (cents: number) => string;
  day: (date: string) => string;
}

/**
 * The notice of lien of F.S. 713.585(1) as a PDF: the notice itself (every paragraph the statute asks
 * for, each headed with its subsection), then a page of envelope and address-box labels carrying the
 * last 8 characters of the VIN (713.585(1)(b)). In Spanish, each paragraph is followed by its English.
 */
export async function renderLienNoticePdf(notice: LienNotice): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const { language } = notice;
  const p: Printing = {
    notice,
    t: translator(language),
    english: language === 'en' ? null : translator('en'),
    money: (cents) => money(language, centsToDecimal(cents)),
    day: (date) => longDay(language, date),
  };
  const title = p.t('document.lien.title');
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    lang: language,
    info: {
      Title: `${title} ${notice.reference}`,
      Author: notice.shop.name,
      CreationDate: notice.producedAt,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });

  header(pdf, p, title);
  vehicleSection(pdf, p);
  partiesSection(pdf, p);
  lienorSection(pdf, p);
  claimSection(pdf, p);
  rightsSection(pdf, p);
  pdf.addPage();
  labels(pdf, p);
  pageNumbers(pdf, p);
  pdf.end();
  return done;
}

function header(pdf: Pdf, p: Printing, title: string): void {
  const { notice, t } = p;
  pdf.fillColor(INK).font('Helvetica-Bold').fontSize(15).text(title.toUpperCase(), { width: WIDTH });
  pdf.font('Helvetica').fontSize(9).fillColor(MUTED).text(t('document.lien.statute'));
  pdf.text(
    t('document.lien.produced', {
      date: shopDate(notice.language, notice.producedAt),
      reference: notice.reference,
    }),
  );
  pdf.moveDown(0.4);
  paragraph(pdf, p, 'document.lien.deadline', {
    from: p.day(notice.storageFrom),
    deadline: p.day(notice.deadline),
  });
}

function heading(pdf: Pdf, text: string): void {
  ensureRoom(pdf, 60);
  pdf.moveDown(0.6);
  const y = pdf.y;
  pdf
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + WIDTH, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  pdf.y = y + 5;
  pdf.font('Helvetica-Bold').fontSize(10).fillColor(INK).text(text, MARGIN, pdf.y, { width: WIDTH });
  pdf.moveDown(0.2);
}

type LienMessage = Parameters<Translate>[0];

/** One paragraph in the notice's language, and in English under it when the notice is not in English. */
function paragraph(pdf: Pdf, p: Printing, id: LienMessage, values: Record<string, string> = {}): void {
  ensureRoom(pdf, 40);
  pdf.font('Helvetica').fontSize(9.5).fillColor(INK).text(p.t(id, values), MARGIN, pdf.y, { width: WIDTH });
  if (p.english) {
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(p.english(id, values), MARGIN + 9, pdf.y, {
        width: WIDTH - 9,
      });
  }
  pdf.moveDown(0.3);
}

function vehicleSection(pdf: Pdf, p: Printing): void {
  const { notice, t } = p;
  const { vehicle, shop } = notice;
  heading(pdf, t('document.lien.vehicleHeading'));
  paragraph(pdf, p, 'document.lien.vehicle', { vehicle: vehicleTitle(vehicle) || '—' });
  paragraph(pdf, p, 'document.lien.vin', { vin: vehicle.vin });
  if (vehicle.licensePlate) paragraph(pdf, p, 'document.lien.plate', { plate: vehicle.licensePlate });
  paragraph(pdf, p, 'document.lien.location', { name: shop.name, street: shop.street, city: shop.city });
}

/** Lines to write on, for the addresses the app does not keep: the owner's and lienholders' come from the state's records. */
function blankLines(pdf: Pdf, count: number): void {
  for (let line = 0; line < count; line += 1) {
    ensureRoom(pdf, 20);
    const y = pdf.y + 14;
    pdf
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + WIDTH, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    pdf.y = y + 4;
  }
  pdf.moveDown(0.3);
}

function partiesSection(pdf: Pdf, p: Printing): void {
  const { notice, t } = p;
  const { customer } = notice;
  heading(pdf, t('document.lien.partiesHeading'));
  paragraph(pdf, p, 'document.lien.customer', {
    name: customer.name,
    contact: [customer.phone, customer.email].filter(Boolean).join(' · '),
  });
  // 713.585(1)(d) asks for the customer's address too; the app keeps no postal address, so the shop
  // writes it from the repair order, as it does the owner's from the state's records.
  blankLines(pdf, 2);
  paragraph(pdf, p, 'document.lien.registeredOwner');
  blankLines(pdf, 2);
  paragraph(pdf, p, 'document.lien.otherInterests');
  blankLines(pdf, 2);
}

function lienorSection(pdf: Pdf, p: Printing): void {
  const { notice, t } = p;
  const { shop } = notice;
  heading(pdf, t('document.lien.lienorHeading'));
  paragraph(pdf, p, 'document.lien.lienor', {
    name: shop.name,
    street: shop.street,
    city: shop.city,
    phone: shop.phone,
  });
  paragraph(pdf, p, 'document.lien.registration', { number: shop.registrationNumber ?? '' });
}

function claimSection(pdf: Pdf, p: Printing): void {
  const { notice, t } = p;
  heading(pdf, t('document.lien.claimHeading'));
  const today = shopDate(notice.language, notice.producedAt);
  paragraph(pdf, p, 'document.lien.claim', { date: today, amount: p.money(notice.amountCents) });
  const rows: [string, string][] = [
    [t('document.lien.repair', { date: p.day(notice.completedOn) }), p.money(notice.shareCents)],
    [
      t('document.lien.storage', {
        from: p.day(notice.storageFrom),
        days: String(notice.storageDays),
        rate: p.money(notice.storageRateCents),
      }),
      p.money(notice.storageCents),
    ],
    ...(notice.paidCents > 0
      ? [[t('document.lien.paid'), `-${p.money(notice.paidCents)}`] as [string, string]]
      : []),
  ];
  pdf.font('Helvetica').fontSize(9.5).fillColor(INK);
  for (const [label, amount] of rows) {
    ensureRoom(pdf, 16);
    const y = pdf.y;
    pdf.text(label, MARGIN + 9, y, { width: 380 });
    pdf.text(amount, MARGIN + 392, y, { width: 120, align: 'right' });
  }
  const y = pdf.y + 2;
  pdf.font('Helvetica-Bold').text(t('document.lien.total'), MARGIN + 9, y, { width: 380 });
  pdf.text(p.money(notice.amountCents), MARGIN + 392, y, { width: 120, align: 'right' });
  pdf.moveDown(0.4);
  paragraph(pdf, p, 'document.lien.accrues', { rate: p.money(notice.storageRateCents) });
}

function rightsSection(pdf: Pdf, p: Printing): void {
  const { notice, t } = p;
  heading(pdf, t('document.lien.rightsHeading'));
  paragraph(pdf, p, 'document.lien.enforcement');
  paragraph(pdf, p, 'document.lien.sale', { date: p.day(notice.earliestSale) });
  paragraph(pdf, p, 'document.lien.hearing', { county: COUNTY });
  paragraph(pdf, p, 'document.lien.bond');
  paragraph(pdf, p, 'document.lien.proceeds');
  const hours = notice.shop.hours.map((line) => `${line.days}: ${line.hours}`).join('; ');
  paragraph(pdf, p, 'document.lien.inspection', { hours });
}

/** Three labels to cut out: the address box and the envelope of each recipient carry the VIN's last 8. */
function labels(pdf: Pdf, p: Printing): void {
  const { notice, t } = p;
  const last8 = vinLastEight(notice.vehicle.vin);
  pdf.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(t('document.lien.labelsTitle'), MARGIN, MARGIN);
  pdf.font('Helvetica').fontSize(9).fillColor(MUTED).text(t('document.lien.labelsHelp'), { width: WIDTH });
  pdf.moveDown(0.8);
  const recipients = [
    t('document.lien.labelOwner'),
    t('document.lien.labelCustomer', { name: notice.customer.name }),
    t('document.lien.labelLienholder'),
  ];
  for (const who of recipients) {
    const top = pdf.y;
    const height = 150;
    pdf.rect(MARGIN, top, WIDTH, height).dash(4, { space: 3 }).lineWidth(0.8).strokeColor(RULE).stroke();
    pdf.undash();
    pdf
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(t('document.lien.labelCertified'), MARGIN + 14, top + 12);
    pdf
      .font('Helvetica')
      .fontSize(10)
      .text(t('document.lien.labelTo', { who }), MARGIN + 14, top + 30, {
        width: WIDTH - 28,
      });
    for (let line = 0; line < 3; line += 1) {
      const y = top + 62 + line * 18;
      pdf
        .moveTo(MARGIN + 14, y)
        .lineTo(MARGIN + 300, y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
    }
    pdf
      .font('Helvetica-Bold')
      .fontSize(20)
      .fillColor(INK)
      .text(t('document.lien.labelVin', { vin: last8 }), MARGIN + 14, top + height - 34, {
        width: WIDTH - 28,
        align: 'right',
      });
    pdf.y = top + height + 14;
  }
}

function pageNumbers(pdf: Pdf, p: Printing): void {
  const range = pdf.bufferedPageRange();
  for (let index = 0; index < range.count; index += 1) {
    pdf.switchToPage(range.start + index);
    pdf.page.margins.bottom = 0;
    pdf.font('Helvetica').fontSize(8).fillColor(MUTED);
    const footer = p.t('document.lien.page', {
      reference: p.notice.reference,
      page: String(index + 1),
      count: String(range.count),
    });
    pdf.text(footer, MARGIN, pdf.page.height - MARGIN + 16, {
      width: WIDTH,
      align: 'center',
      lineBreak: false,
    });
  }
}

function ensureRoom(pdf: Pdf, height: number): void {
  if (pdf.y + height > pdf.page.height - MARGIN) pdf.addPage();
}
