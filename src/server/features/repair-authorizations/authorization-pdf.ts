import { angleLabel, defaultAngle } from '#domain/check-in.ts';
import { formatMoney } from '#domain/money.ts';
import type { ObjectStore } from '#server/adapters/object-store/object-store.ts';
import type { PhotoRow } from '#server/db/schema.ts';
import { type PdfAddition, type RepairDocument, renderRepairPdf } from '#server/features/documents/shared.ts';
import { openPhoto } from '#server/features/photos/shared.ts';
import { shopDate, shopTime, wholeNumber } from '#server/i18n/format.ts';
import { type Translate, translator } from '#server/i18n/translator.ts';
import { documentAsSigned, type SignedContent, signedAtTheCounter } from './signed-content.ts';

const MARGIN = 50;
const WIDTH = 512;
const INK = '#0f172a';
const MUTED = '#475569';
/** Contact sheet: three photos a row, each in a 160 × 120 pt box. */
const TILE = { width: 160, height: 120, gap: 16, perRow: 3 };
/** Photos are scaled down for the sheet: a PDF of five phone originals would weigh megabytes. */
const SHEET_PHOTO_EDGE = 640;

export interface AuthorizationForPdf {
  content: SignedContent;
  contentHash: string;
  signaturePng: Buffer;
  replaceReason: string | null;
}

/**
 * The signed repair authorisation: the written estimate exactly as it was signed (the signed content's
 * copy, not today's estimate), then the customer's choices, the signature image, who signed, when and
 * where, the SHA-256 of the signed content, and the check-in photos as a contact sheet.
 */
export async function renderAuthorizationPdf(
  authorization: AuthorizationForPdf,
  shop: RepairDocument['shop'],
  store: ObjectStore,
  photos: (PhotoRow & { angle: string })[],
): Promise<Buffer> {
  const sheet = await contactSheet(store, photos);
  const document = documentAsSigned(authorization.content, shop, new Date());
  const addition: PdfAddition = {
    title: translator(document.language)('document.title.authorization'),
    draw: (pdf, t) => drawAuthorization(pdf, t, authorization, sheet),
  };
  return renderRepairPdf(document, addition);
}

async function contactSheet(
  store: ObjectStore,
  photos: (PhotoRow & { angle: string })[],
): Promise<{ angle: string; jpeg: Buffer }[]> {
  const { default: sharp } = await import('sharp');
  const sheet: { angle: string; jpeg: Buffer }[] = [];
  for (const photo of photos) {
    const opened = await openPhoto(store, photo, 'photo');
    if (!opened) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.object.body) chunks.push(chunk as Buffer);
    const jpeg = await sharp(Buffer.concat(chunks))
      .resize(SHEET_PHOTO_EDGE, SHEET_PHOTO_EDGE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer();
    sheet.push({ angle: photo.angle, jpeg });
  }
  return sheet;
}

function drawAuthorization(
  pdf: PDFKit.PDFDocument,
  t: Translate,
  { content, contentHash, signaturePng, replaceReason }: AuthorizationForPdf,
  sheet: { angle: string; jpeg: Buffer }[],
): void {
  const language = content.language;
  pdf.addPage();
  heading(pdf, t('document.authorization.heading'));
  body(pdf, t('document.authorization.intro', { reference: content.estimate.reference }));
  pdf.moveDown(0.5);

  const choice =
    content.estimateChoice === 'limit'
      ? t('document.authorization.choice.limit', { amount: formatMoney(content.limitAmount) })
      : t(`document.authorization.choice.${content.estimateChoice}`);
  fact(pdf, t('document.authorization.estimateChoice'), choice);
  fact(
    pdf,
    t('document.authorization.replacedParts'),
    t(
      content.returnReplacedParts
        ? 'document.authorization.partsBack'
        : 'document.authorization.partsNotBack',
    ),
  );
  if (content.directionToPay) {
    fact(
      pdf,
      t('document.authorization.directionToPay'),
      t('document.authorization.directionToPayText', {
        insurer: content.directionToPay.insurer,
        claim: content.directionToPay.claimNumber,
        shop: content.shop.name,
      }),
    );
  }
  if (content.storageTerms) {
    fact(
      pdf,
      t('document.authorization.storage'),
      t('document.authorization.storageText', { rate: formatMoney(content.storageTerms.dailyRate) }),
    );
  }
  if (replaceReason) fact(pdf, t('document.authorization.replaces'), replaceReason);

  pdf.moveDown(0.5);
  const signedAt = new Date(content.signedAt);
  label(pdf, t('document.authorization.signature'));
  const top = pdf.y + 4;
  pdf.image(signaturePng, MARGIN, top, { fit: [240, 90] });
  pdf
    .moveTo(MARGIN, top + 94)
    .lineTo(MARGIN + 240, top + 94)
    .lineWidth(0.5)
    .strokeColor(MUTED)
    .stroke();
  pdf.y = top + 100;
  pdf.x = MARGIN;
  body(pdf, t('document.authorization.signedBy', { name: content.signerName }));
  body(
    pdf,
    t('document.authorization.signedAt', {
      date: shopDate(language, signedAt),
      time: shopTime(language, signedAt),
    }),
  );
  body(
    pdf,
    content.signedWhere === signedAtTheCounter
      ? t('document.authorization.atCounter')
      : t('document.authorization.fromIp', { ip: content.signedWhere }),
  );
  pdf.moveDown(0.5);
  label(pdf, t('document.authorization.hash'));
  // One unbroken line, so the digest reads (and is copied) as one word.
  pdf.font('Courier').fontSize(8.5).fillColor(INK).text(contentHash, MARGIN, pdf.y, { width: WIDTH });
  pdf
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(t('document.authorization.hashHelp'), { width: WIDTH });

  if (content.checkIn) {
    if (pdf.y + 60 + TILE.height > pdf.page.height - MARGIN) pdf.addPage();
    pdf.moveDown(1);
    heading(pdf, t('document.authorization.checkIn'));
    body(
      pdf,
      t('document.authorization.checkInFacts', {
        date: shopDate(language, new Date(content.checkIn.at)),
        odometer: wholeNumber(language, content.checkIn.odometer),
        fuel: content.checkIn.fuel ? fuelWords(t, content.checkIn.fuel) : '—',
        keys: content.checkIn.keys ?? '—',
      }),
    );
    if (content.checkIn.notes) body(pdf, content.checkIn.notes);
    pdf.moveDown(0.5);
    drawSheet(
      pdf,
      sheet.map((shot) => ({ ...shot, angle: angleWords(t, shot.angle) })),
    );
  }
}

/** The fuel level in the document's language: the fractions as they are. */
function fuelWords(t: Translate, fuel: string): string {
  return fuel === 'empty' || fuel === 'full' ? t(`document.fuel.${fuel}`) : fuel;
}

/** A default angle in the document's language; one the shop named itself as it named it. */
function angleWords(t: Translate, angle: string): string {
  const known = defaultAngle(angle);
  return known ? t(`document.checkInAngle.${known}`) : angleLabel(angle);
}

function drawSheet(pdf: PDFKit.PDFDocument, sheet: { angle: string; jpeg: Buffer }[]): void {
  let y = pdf.y;
  sheet.forEach((shot, index) => {
    const column = index % TILE.perRow;
    if (column === 0 && index > 0) y += TILE.height + 22;
    if (column === 0 && y + TILE.height + 20 > pdf.page.height - MARGIN) {
      pdf.addPage();
      y = pdf.y;
    }
    const x = MARGIN + column * (TILE.width + TILE.gap);
    pdf.image(shot.jpeg, x, y, { fit: [TILE.width, TILE.height], align: 'center', valign: 'center' });
    pdf
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(shot.angle, x, y + TILE.height + 4, { width: TILE.width, align: 'center' });
  });
  pdf.x = MARGIN;
  pdf.y = y + TILE.height + 22;
}

function heading(pdf: PDFKit.PDFDocument, text: string): void {
  pdf.font('Helvetica-Bold').fontSize(13).fillColor(INK).text(text, MARGIN, pdf.y, { width: WIDTH });
  pdf.moveDown(0.3);
}

function label(pdf: PDFKit.PDFDocument, text: string): void {
  pdf
    .font('Helvetica-Bold')
    .fontSize(8)
    .fillColor(MUTED)
    .text(text.toUpperCase(), MARGIN, pdf.y, { characterSpacing: 0.5, width: WIDTH });
}

function body(pdf: PDFKit.PDFDocument, text: string): void {
  pdf.font('Helvetica').fontSize(10).fillColor(INK).text(text, MARGIN, pdf.y, { width: WIDTH });
}

function fact(pdf: PDFKit.PDFDocument, name: string, value: string): void {
  label(pdf, name);
  body(pdf, value);
  pdf.moveDown(0.3);
}
