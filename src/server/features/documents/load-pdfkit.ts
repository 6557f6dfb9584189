/**
 * pdfkit, loaded with the first document printed (decision 057), with its text measuring made cheap
 * (decision 075). Every line of a document is measured several times over: once to know its height,
 * once per word while wrapping, once more to place it right-aligned, and encoded again to be drawn;
 * each measure walks the string glyph by glyph and looks every pair up in the font's kerning table.
 * The 14 standard fonts' metrics never change, so a word's width and encoding are kept per font, and a
 * 200-line estimate measures its repeated words ("Insurance", "$412.00", "New (OEM)") once.
 *
 * The results are the very numbers pdfkit computes (its own methods, called once per string): the PDF
 * is the same, byte for byte (render-repair-pdf.test.ts compares the text layout with the one from
 * before the change).
 */
const importPdfKit = () => import('pdfkit');
type PdfDocumentClass = Awaited<ReturnType<typeof importPdfKit>>['default'];

/** Strings kept per font before the memory is cleared and filled again (names, descriptions vary). */
const MAX_KEPT_PER_FONT = 20_000;

let loading: Promise<PdfDocumentClass> | null = null;

export function loadPdfKit(): Promise<PdfDocumentClass> {
  loading ??= importPdfKit().then(({ default: PDFDocument }) => {
    rememberStandardFontMeasures(PDFDocument);
    return PDFDocument;
  });
  return loading;
}

/** What pdfkit's StandardFont (not exported) offers that is memoised here. */
interface StandardFontMethods {
  name: string;
  widthOfString(this: StandardFontMethods, text: string, size: number): number;
  encode(this: StandardFontMethods, text: string): [string[], object[]];
}

function rememberStandardFontMeasures(PDFDocument: PdfDocumentClass): void {
  // pdfkit does not export its StandardFont class: a throw-away document's Helvetica shows it.
  const probe = new PDFDocument({ autoFirstPage: false });
  probe.font('Helvetica');
  const font = (probe as unknown as { _font: object })._font;
  const prototype = Object.getPrototypeOf(font) as StandardFontMethods;
  const originalWidth = prototype.widthOfString;
  const originalEncode = prototype.encode;
  if (typeof originalWidth !== 'function' || typeof originalEncode !== 'function') return;

  // Widths at size 1000 (the font's units), scaled the way pdfkit scales them.
  const widths = new Map<string, Map<string, number>>();
  const encodings = new Map<string, Map<string, [string[], object[]]>>();
  prototype.widthOfString = function widthOfString(text, size) {
    const kept = keptFor(widths, this.name);
    const key = `${text}`;
    let width = kept.get(key);
    if (width === undefined) {
      width = originalWidth.call(this, key, 1000);
      kept.set(key, width);
    }
    return width * (size / 1000);
  };
  // pdfkit copies what it changes (word spacing): the arrays returned are never written to.
  prototype.encode = function encode(text) {
    const kept = keptFor(encodings, this.name);
    let encoded = kept.get(text);
    if (encoded === undefined) {
      encoded = originalEncode.call(this, text);
      kept.set(text, encoded);
    }
    return encoded;
  };
}

function keptFor<V>(byFont: Map<string, Map<string, V>>, fontName: string): Map<string, V> {
  let kept = byFont.get(fontName);
  if (!kept || kept.size >= MAX_KEPT_PER_FONT) {
    kept = new Map();
    byFont.set(fontName, kept);
  }
  return kept;
}
