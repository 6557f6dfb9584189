import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { renderRepairPdf } from '#server/features/documents/render-repair-pdf.ts';
import { sampleDocument } from '#server/test-support/pdf.ts';
const base = sampleDocument();
const lines = Array.from({ length: 200 }, (_, i) => ({ ...base.lines[i % base.lines.length]!, description: `${base.lines[i % base.lines.length]!.description} number ${i + 1} with a somewhat longer description to wrap` }));
const doc = sampleDocument({ lines });
const times: number[] = [];
for (let i = 0; i < 12; i++) { const s = performance.now(); const pdf = await renderRepairPdf(doc); times.push(performance.now() - s); if (i === 0) writeFileSync(process.env.OUT ?? '/tmp/pdfprof/out.pdf', pdf); }
console.log(times.map((t) => t.toFixed(0)).join(' '));
