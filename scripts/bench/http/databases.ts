// The databases the benchmark compares: each seeded before its server starts, removed afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import type { OwnerCallResult } from './owner-pages.ts';
import type { ScenarioResult } from './scenarios.ts';
import { type BenchData, seedBenchData } from './seed.ts';

export type RunKey = 'embedded' | 'postgres';

export interface DatabaseRun {
  database: string;
  scenarios: ScenarioResult[];
  /** The owner's pages one person at a time (the history bench only). */
  ownerCalls?: OwnerCallResult[];
  /** The node process's own kernel high-water mark (VmHWM). */
  peakRssMb: number;
  /** The server and every process under it (the embedded PostgreSQL): the sum of their PSS, sampled. */
  memory: { idleMb: number; peakMb: number; peakRssSumMb: number; processes: number };
}

export const LABELS: Record<RunKey, string> = {
  embedded: 'Embedded PostgreSQL (default)',
  postgres: 'PostgreSQL (external)',
};

/** A seeded database and what the server needs to run on it; `cleanup` removes it. */
export interface PreparedRun {
  key: RunKey;
  env: Record<string, string>;
  data: BenchData;
  cleanup(): Promise<void>;
}

/** The embedded default (PostgreSQL run by the app), seeded in a fresh DATA_DIR. */
export async function prepareEmbedded(): Promise<PreparedRun> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  try {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SESSION_SECRET: 'x'.repeat(32),
    });
    const database = await openDatabase(config.database);
    try {
      await database.migrate();
      const data = await timed(`${LABELS.embedded}: seeding`, () => seedBenchData(database));
      // DATABASE_URL empty: the embedded database even when the shell or .env names a server.
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      return { key: 'embedded', env, data, cleanup };
    } finally {
      await database.close();
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** A throw-away database on `serverUrl`, seeded; skipped when that server does not answer. */
export async function preparePostgres(serverUrl: string): Promise<PreparedRun | { skipped: string }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    const reason = `PostgreSQL at ${redact(serverUrl)} does not answer (${(error as Error).message}): skipped. Set BENCH_DATABASE_URL to a server this user may create databases on.`;
    console.log(`\n${reason}`);
    await admin.end().catch(() => {});
    return { skipped: reason };
  }
  const name = `shop_bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-'));
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  };
  try {
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    try {
      await database.migrate();
      const data = await timed('PostgreSQL: seeding', () => seedBenchData(database));
      return { key: 'postgres', env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() }, data, cleanup };
    } finally {
      await database.close();
    }
  } catch (error) {
    await cleanup();
    throw error;
  }
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  const result = await work();
  console.log(`${label} took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}
