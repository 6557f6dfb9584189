import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SHOP, type ShopInfo } from '../domain/shop.js';
import { projectPath } from './project-path.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const envSchema = z.object({
  NODE_ENV: z.string().default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  TRUST_PROXY: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SHOP_NAME: z.string().min(1).optional(),
  SHOP_PHONE: z.string().min(1).optional(),
  SHOP_EMAIL: z.string().min(1).optional(),
  SHOP_STREET: z.string().min(1).optional(),
  SHOP_CITY: z.string().min(1).optional(),
});

export type DatabaseConfig = { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string };

export interface AppConfig {
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  sessionSecret: string;
  sessionTtlDays: number;
  trustProxy: boolean;
  logLevel: string;
  shop: ShopInfo;
  /** Where the built client lives; null serves the API only (tests, `npm run dev`). */
  clientDir: string | null;
}

export class ConfigError extends Error {}

/** Reads a `.env` file in the project folder, if there is one, without overriding the real environment. */
export function loadDotEnv(file = projectPath('.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Reads and checks every environment variable once; a bad value stops start-up naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, clientDir: string | null = null): AppConfig {
  // An empty variable (`DATABASE_URL=` in a .env file) means "not set".
  const set = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    shop: {
      ...DEFAULT_SHOP,
      name: e.SHOP_NAME ?? DEFAULT_SHOP.name,
      phone: e.SHOP_PHONE ?? DEFAULT_SHOP.phone,
      email: e.SHOP_EMAIL ?? DEFAULT_SHOP.email,
      street: e.SHOP_STREET ?? DEFAULT_SHOP.street,
      city: e.SHOP_CITY ?? DEFAULT_SHOP.city,
    },
    clientDir,
  };
}

/** A fresh install needs no set-up: the secret is generated once and kept in DATA_DIR. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
