/**
 * PDFs off the request path (decision 075): how long the staff's send-quote call takes with a long
 * itemised estimate, and how long a 200-line written estimate takes to draw.
 *
 *   npm run bench:pdf
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_REQUESTS=60 npm run bench:pdf
 *
 * - Sending a quote: the app in this process on a throw-away database of `BENCH_DATABASE_URL`'s server
 *   (default postgres://postgres@127.0.0.1:5432/test), `BENCH_REQUESTS` estimates of 199 lines each
 *   (after 5 for warming up), each quoted once by `POST /api/admin/estimates/:id/quote` as the shop
 *   does, sequentially. The job queue is off, as on a server between two polls: what is timed is what
 *   the shop waits for. Then the mail job sends the queued e-mails (to a mailer that keeps them) and
 *   its time per quote e-mail is printed too: that is where the PDF is drawn now.
 * - Drawing a 200-line estimate: the first in this process (pdfkit loads with it, decision 057), then
 *   `BENCH_RENDERS` more, wall-clock and CPU time each (CPU time tells the drawing's own cost on a
 *   machine others share).
 *
 * Targets: send-quote p95 < 200 ms; a 200-line PDF p95 < 300 ms. Prints the load average beside each.
 */
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Mailer } from '#server/adapters/mail/mailer.ts';
import { FileTextSender } from '#server/adapters/sms/file-text-sender.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { createUser, createVehicle } from '#server/db/factories.ts';
import { estimateLines, estimates, sessions } from '#server/db/schema.ts';
import { renderRepairPdf } from '#server/features/documents/render-repair-pdf.ts';
import { figuresFromLines } from '#server/features/estimates/itemisation.ts';
import { outboxJobHandlers } from '#server/features/notifications/job-handlers.ts';
import { OutboxWorker } from '#server/features/notifications/worker.ts';
import { newSession, SESSION_COOKIE } from '#server/sessions/session-store.ts';
import { benchDocument } from './pdf-sample.ts';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 40);
const WARM_UP = 5;
const LINES_PER_QUOTE = 199;
const LINE_KINDS_CYCLE = ['part', 'labor', 'materials', 'other'] as const;
const SEND_QUOTE_TARGET_MS = 200;
const RENDER_TARGET_MS = 300;

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
const verdict = (p95: number, target: number) => (p95 < target ? 'ok' : `OVER ${target} ms`);

async function benchRender(): Promise<boolean> {
  const document = benchDocument(200);
  const once = async () => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    await renderRepairPdf(document);
    const wall = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { wall, cpu: (used.user + used.system) / 1000 };
  };
  const first = await once();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RENDERS; i++) {
    const sample = await once();
    wall.push(sample.wall);
    cpu.push(sample.cpu);
  }
  const p95 = percentile(wall, 95);
  console.log(`\nDrawing a 200-line written estimate (load average ${load()}):`);
  console.log(`  first in the process (pdfkit loads)  ${ms(first.wall)} wall ${ms(first.cpu)} CPU`);
  console.log(
    `  next ${RENDERS}, p50                       ${ms(percentile(wall, 50))} wall ${ms(percentile(cpu, 50))} CPU`,
  );
  console.log(
    `  next ${RENDERS}, p95                       ${ms(p95)} wall ${ms(percentile(cpu, 95))} CPU   target < ${RENDER_TARGET_MS} ms: ${verdict(p95, RENDER_TARGET_MS)}`,
  );
  return p95 < RENDER_TARGET_MS;
}

async function benchSendQuote(serverUrl: string): Promise<boolean> {
  const name = `shop_bench_pdf_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  try {
    await database.migrate();
    const { db } = database;
    const staff = await createUser(db, { email: 'bench-staff@bench.shop', firstName: 'Sam', isAdmin: true });
    const customer = await createUser(db, { email: 'bench-customer@bench.shop', firstName: 'Maria' });
    const session = newSession(staff.id, 1);
    await db.insert(sessions).values(session.row);
    const ids: string[] = [];
    for (let i = 0; i < REQUESTS + WARM_UP; i++) {
      const vehicle = await createVehicle(db, customer.id);
      const [estimate] = await db
        .insert(estimates)
        .values({ userId: customer.id, vehicleId: vehicle.id, status: 'pending', taxRate: '7' })
        .returning({ id: estimates.id });
      if (!estimate) throw new Error('estimate insert returned nothing');
      await db.insert(estimateLines).values(
        Array.from({ length: LINES_PER_QUOTE }, (_, position) => ({
          estimateId: estimate.id,
          position,
          kind: LINE_KINDS_CYCLE[position % LINE_KINDS_CYCLE.length] ?? 'part',
          description: `Line ${position + 1}: rear bumper cover, left side, blend into the adjacent panels`,
          quantity: position % 4 === 1 ? '2.5' : '1',
          unitPrice: `${(position % 17) * 13 + 20}.00`,
          payer: 'customer' as const,
          partType: position % 4 === 0 ? ('new_oem' as const) : null,
          taxable: true,
        })),
      );
      ids.push(estimate.id);
    }

    const config = {
      ...loadConfig({
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        DATA_DIR: tmpdir(),
        SESSION_SECRET: randomBytes(32).toString('hex'),
      }),
      workers: false,
    };
    const app = await buildApp({ config, database });
    try {
      const cookie = `${SESSION_COOKIE}=${app.signCookie(session.token)}`;
      const times: number[] = [];
      for (const [index, id] of ids.entries()) {
        const figures = await figuresFromLines(db, id);
        if (!figures) throw new Error('the bench estimate has no lines');
        const started = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: `/api/admin/estimates/${id}/quote`,
          headers: { cookie },
          payload: figures,
        });
        const took = performance.now() - started;
        if (res.statusCode !== 200) throw new Error(`send quote answered ${res.statusCode}: ${res.body}`);
        if (index >= WARM_UP) times.push(took);
      }
      const p95 = percentile(times, 95);
      console.log(
        `\nSending a quote of ${LINES_PER_QUOTE} lines, ${REQUESTS} sequential calls after ${WARM_UP} (load average ${load()}):`,
      );
      console.log(`  p50 ${ms(percentile(times, 50))}   p95 ${ms(p95)}   max ${ms(Math.max(...times))}`);
      console.log(`  target p95 < ${SEND_QUOTE_TARGET_MS} ms: ${verdict(p95, SEND_QUOTE_TARGET_MS)}`);

      // Where the drawing went: the mail job, after the answer.
      let mails = 0;
      const mailer: Mailer = {
        kind: 'smtp',
        send: async () => {
          mails += 1;
        },
        close: async () => undefined,
      };
      const texts = new FileTextSender(`${tmpdir()}/shop-bench-pdf-sms`);
      const worker = new OutboxWorker({
        db,
        handlers: outboxJobHandlers({ db, mailer, texts, google: null }),
      });
      const started = performance.now();
      await worker.runOnce();
      const jobMs = performance.now() - started;
      console.log(
        `  the mail job then sent ${mails} e-mails, each with its PDF drawn, in ${jobMs.toFixed(0)} ms (${(jobMs / Math.max(1, mails)).toFixed(1)} ms each)`,
      );
      return p95 < SEND_QUOTE_TARGET_MS;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  }
}

const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
console.log(`PDF benchmark, load average ${load()} (1, 5, 15 min) on ${navigatorCores()} cores`);
// Drawing first, so its first document is the process's first (the mail job draws after the quotes).
const renderOk = await benchRender();
const quoteOk = await benchSendQuote(serverUrl);
console.log(`\nSend quote < ${SEND_QUOTE_TARGET_MS} ms: ${quoteOk ? 'PASS' : 'FAIL'}`);
console.log(`200-line PDF < ${RENDER_TARGET_MS} ms: ${renderOk ? 'PASS' : 'FAIL'}`);
process.exit(quoteOk && renderOk ? 0 : 1);

function navigatorCores(): number {
  return (globalThis.navigator as { hardwareConcurrency?: number } | undefined)?.hardwareConcurrency ?? 0;
}
