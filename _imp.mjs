const s = performance.now();
const { default: PDFDocument } = await import('pdfkit');
const a = performance.now();
for (let k = 0; k < 5; k++) {
const t0 = performance.now();
const d = new PDFDocument({ size: 'LETTER', margin: 50, bufferPages: true });
d.font('Helvetica').text('hello world'); d.font('Helvetica-Bold').text('x');
const t1 = performance.now();
for (let i = 0; i < 400; i++) d.font('Helvetica').fontSize(9).text(`Rear bumper cover number ${i} with a somewhat longer description to wrap around the column`, 50, d.y, { width: 236 });
const t2 = performance.now();
const chunks=[]; d.on('data', (c) => chunks.push(c)); await new Promise((r) => { d.on('end', r); d.end(); });
console.log('import', (a - s).toFixed(0), 'doc+fonts', (t1 - t0).toFixed(1), '400 texts', (t2 - t1).toFixed(1), 'end', (performance.now() - t2).toFixed(1));
}
