import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import {
  type BackupSchedule,
  DEFAULT_BACKUP_SCHEDULE,
  parseBackupSchedule,
} from '#domain/backup-schedule.ts';
import { ANGLE_MAX_LENGTH, DEFAULT_CHECK_IN_ANGLES } from '#domain/check-in.ts';
import { DEFAULT_DROP_OFF_CAPACITY, isCalendarDate } from '#domain/drop-off-slots.ts';
import { centsToDecimal, toCents } from '#domain/money.ts';
import { DEFAULT_PRICING, type Pricing, parsePricing } from '#domain/pricing.ts';
import { DEFAULT_REPAIR_STAGES } from '#domain/repair-progress.ts';
import { DEFAULT_SHOP, type ShopInfo } from '#domain/shop.ts';
import { DEFAULT_SURVEY_DELAY_HOURS } from '#domain/surveys.ts';
import type { BackupTargetConfig } from './adapters/backup-target/backup-target.ts';
import { type GoogleConfig, googleConfig } from './adapters/google/google-config.ts';
import { DEFAULT_JOB_QUEUE_CONFIG, type JobQueueConfig } from './adapters/job-queue/job-queue.ts';
import { type MailConfig, mailConfig } from './adapters/mail/mail-config.ts';
import { type ObjectStoreConfig, s3Config } from './adapters/object-store/object-store-config.ts';
import { type PaymentsConfig, paymentsConfig } from './adapters/payments/payments-config.ts';
import { type SmsConfig, smsConfig, smsConfigProblem } from './adapters/sms/sms-config.ts';
import { familiesCoveredCompletely } from './address-ranges.ts';
import { type DatabaseConfig, databaseConfig } from './db/database-config.ts';
import { projectPath } from './project-path.ts';

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
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).optional(),
  // The older name of RATE_LIMIT_SCALE, from when only sign-in and registration were limited.
  AUTH_RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).optional(),
  TRUST_PROXY: z.string().optional().transform(trustProxySetting),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (it is sent in an HTTP header)')
    .optional(),
  SHOP_NAME: z.string().min(1).optional(),
  SHOP_PHONE: z.string().min(1).optional(),
  SHOP_EMAIL: z.string().min(1).optional(),
  SHOP_STREET: z.string().min(1).optional(),
  SHOP_CITY: z.string().min(1).optional(),
  // Pricing of estimate lines (see pricing.ts): the shop's to confirm.
  SHOP_LABOR_RATE: z.string().min(1).optional(),
  SHOP_TAX_RATE: z.string().min(1).optional(),
  SHOP_TAXABLE_KINDS: z.string().optional(),
  // The repair stages staff move a car through, comma-separated, in order.
  SHOP_REPAIR_STAGES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((stage) => stage.trim())
        .filter(Boolean),
    )
    .refine((stages) => stages.length > 0 && stages.every((stage) => stage.length <= 60), {
      message: 'must be stage names separated by commas, each at most 60 characters',
    })
    .optional(),
  // The walk-around photos a check-in needs, comma-separated (decision 071).
  SHOP_CHECK_IN_ANGLES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((angle) => angle.trim())
        .filter(Boolean),
    )
    .refine((angles) => angles.length > 0 && angles.every((angle) => angle.length <= ANGLE_MAX_LENGTH), {
      message: `must be angle names separated by commas, each at most ${ANGLE_MAX_LENGTH} characters`,
    })
    .optional(),
  // Days the shop is closed besides weekends and holidays, comma-separated YYYY-MM-DD (no drop-offs then).
  SHOP_CLOSED_DATES: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((date) => date.trim())
        .filter(Boolean),
    )
    .refine((dates) => dates.every(isCalendarDate), {
      message: 'must be dates written YYYY-MM-DD separated by commas, e.g. 2026-12-24,2026-12-31',
    })
    .optional(),
  // Closed on the US federal holidays: on unless set to false.
  SHOP_FEDERAL_HOLIDAYS: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => value === undefined || value === 'true' || value === '1' || value === 'yes'),
  // Within how many hours the shop promises an estimate (landing page, confirmation, e-mails).
  SHOP_ESTIMATE_REPLY_HOURS: z.coerce
    .number({ error: 'must be a whole number of hours from 1 to 168' })
    .int('must be a whole number of hours from 1 to 168')
    .min(1, 'must be a whole number of hours from 1 to 168')
    .max(168, 'must be a whole number of hours from 1 to 168')
    .optional(),
  SHOP_REGISTRATION_NUMBER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{0,39}$/, 'must be the FDACS registration number, e.g. MV12345')
    .optional(),
  // The daily storage charge of a finished car not picked up (decision 072); unset: none.
  SHOP_STORAGE_DAILY_RATE: z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, 'must be an amount in dollars, e.g. 35.00')
    .transform((value) => centsToDecimal(toCents(value) ?? 0))
    .refine((value) => value !== '0.00', 'must be more than 0 (leave it unset for no storage charge)')
    .optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFlag,
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_S3_BUCKET: z.string().min(1).optional(),
  BACKUP_EVERY: z
    .string()
    .default(DEFAULT_BACKUP_SCHEDULE)
    .transform((value, context) => {
      const schedule = parseBackupSchedule(value);
      if ('error' in schedule) {
        context.addIssue({ code: 'custom', message: schedule.error });
        return z.NEVER;
      }
      return schedule;
    }),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(14),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  // Testing only: point the Stripe SDK at a local stand-in of its API.
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  APP_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:pass@smtp.example.com')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SURVEY_DELAY_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(DEFAULT_SURVEY_DELAY_HOURS),
  JOB_QUEUE_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(DEFAULT_JOB_QUEUE_CONFIG.pollSeconds),
  JOB_QUEUE_SUPERVISE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3600)
    .default(DEFAULT_JOB_QUEUE_CONFIG.superviseSeconds),
  JOB_QUEUE_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(DEFAULT_JOB_QUEUE_CONFIG.leaseSeconds),
  GOOGLE_REVIEW_URL: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  DROP_OFF_CAPACITY: z.coerce.number().int().min(1).max(50).default(DEFAULT_DROP_OFF_CAPACITY),
  SHOP_NOTIFY_EMAIL: z.email('must be an e-mail address').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_REFRESH_TOKEN: z.string().min(1).optional(),
  GOOGLE_DRIVE_FOLDER_ID: z.string().min(1).optional(),
  // Testing only: send Google API and OAuth token calls to a local stand-in.
  GOOGLE_API_ROOT_URL: z.url({ protocol: /^https?$/ }).optional(),
  GOOGLE_OAUTH_TOKEN_URL: z.url({ protocol: /^https?$/ }).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be the account SID, AC followed by 32 hex digits')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().min(16, 'must be the account auth token').optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/,
      'must be the sending number in E.164 (+18135550000) or a Messaging Service SID (MG…)',
    )
    .optional(),
  // Testing only: send Twilio REST calls to a local stand-in.
  TWILIO_API_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
});

export type TrustProxy = false | string[];

/** Scheduled backups: where they go, when they are made, how many are kept. */
export interface BackupConfig {
  /** BACKUP_DIR, or BACKUP_S3_BUCKET with the S3_* endpoint, region and key of the photo store. */
  target: BackupTargetConfig;
  schedule: BackupSchedule;
  /** The newest this many backups are kept; older ones are deleted after each new one is verified. */
  keep: number;
}

export interface AppConfig {
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  /** Where uploaded photos live: DATA_DIR/objects, or the bucket named by S3_BUCKET. */
  objectStore: ObjectStoreConfig;
  /** Scheduled backups; null when neither BACKUP_DIR nor BACKUP_S3_BUCKET is set. */
  backup: BackupConfig | null;
  /** Card payments: Stripe when STRIPE_SECRET_KEY is set, else the built-in test mode. */
  payments: PaymentsConfig;
  /** Outgoing mail: SMTP_URL, else .eml files in DATA_DIR/outbox. */
  mail: MailConfig;
  /** Repair updates by text: Twilio when every TWILIO_* setting is there, else files in DATA_DIR/sms. */
  sms: SmsConfig;
  /** Gmail inbox and Drive estimates, when every GOOGLE_* setting is there. */
  google: GoogleConfig;
  /** The app's public address (APP_URL), for links in e-mails. */
  appUrl: string;
  /**
   * Whether this process runs the job queue (decision 067): the outbox's sends and retries, scheduled
   * backups, the hourly clean-ups. Tests that do not need it leave it off and drive the outbox themselves.
   */
  workers: boolean;
  /** JOB_QUEUE_*: how often the queue looks for work, and how long a job stays in one process's hands. */
  jobQueue: JobQueueConfig;
  sessionSecret: string;
  sessionTtlDays: number;
  /**
   * RATE_LIMIT_SCALE (or its older name AUTH_RATE_LIMIT_SCALE): multiplies every rate-limit
   * allowance, per address (sign-in, registration, password links: many users behind one address)
   * and per user (photo uploads, messages).
   */
  rateLimitScale: number;
  /**
   * TRUST_PROXY: which proxies in front of the app may say, in X-Forwarded-For and X-Forwarded-Proto,
   * who the client is and whether it came over HTTPS. `false`: none (the default); a list: proxies at
   * these addresses or CIDR ranges (Fastify's `trustProxy`). X-Forwarded-Host is never used for
   * anything the app decides (see same-origin.ts).
   */
  trustProxy: TrustProxy;
  logLevel: string;
  /**
   * METRICS_TOKEN: the bearer token Prometheus sends for GET /api/metrics. Null: no metrics are
   * collected and the route answers 404.
   */
  metricsToken: string | null;
  shop: ShopInfo;
  /** SHOP_LABOR_RATE, SHOP_TAX_RATE, SHOP_TAXABLE_KINDS: how estimate lines are priced and taxed. */
  pricing: Pricing;
  /** SHOP_REPAIR_STAGES, else the default stages. */
  repairStages: readonly string[];
  /** SHOP_CHECK_IN_ANGLES, else front, rear, left, right and odometer. */
  checkInAngles: readonly string[];
  /**
   * SURVEY_DELAY_HOURS (default 24): hours between the pickup and the survey; GOOGLE_REVIEW_URL: the
   * shop's Google review page, offered after every answer (none without it).
   */
  surveys: SurveyConfig;
  /** DROP_OFF_CAPACITY (default 2): cars the shop takes in during one drop-off window, whoever books. */
  dropOffCapacity: number;
  /** Where the built client lives; null serves the API only (tests, `npm run dev`). */
  clientDir: string | null;
}

export interface SurveyConfig {
  delayHours: number;
  googleReviewUrl: string | null;
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
  const objectStore = objectStoreConfig(e, dataDir);
  const backup = backupConfig(e, objectStore);
  const payments = paymentsConfig(e);
  const smsProblem = smsConfigProblem(e);
  const problems = [...payments.problems, ...(smsProblem ? [smsProblem] : [])];
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
  }
  const pricing = parsePricing(
    {
      laborRate: e.SHOP_LABOR_RATE,
      taxRate: e.SHOP_TAX_RATE,
      // Set but empty means no kind is taxed (the filter above drops empty values, so read it here).
      taxableKinds: env.SHOP_TAXABLE_KINDS ?? e.SHOP_TAXABLE_KINDS,
    },
    DEFAULT_PRICING,
  );
  if ('problems' in pricing) {
    throw new ConfigError(
      `Invalid configuration:\n${pricing.problems.map((line) => `  ${line}`).join('\n')}`,
    );
  }
  const shop: ShopInfo = {
    ...DEFAULT_SHOP,
    name: e.SHOP_NAME ?? DEFAULT_SHOP.name,
    phone: e.SHOP_PHONE ?? DEFAULT_SHOP.phone,
    email: e.SHOP_EMAIL ?? DEFAULT_SHOP.email,
    street: e.SHOP_STREET ?? DEFAULT_SHOP.street,
    city: e.SHOP_CITY ?? DEFAULT_SHOP.city,
    registrationNumber: e.SHOP_REGISTRATION_NUMBER ?? DEFAULT_SHOP.registrationNumber,
    storageDailyRate: e.SHOP_STORAGE_DAILY_RATE ?? DEFAULT_SHOP.storageDailyRate,
    closedDates: e.SHOP_CLOSED_DATES ?? DEFAULT_SHOP.closedDates,
    federalHolidays: e.SHOP_FEDERAL_HOLIDAYS,
    estimateReplyHours: e.SHOP_ESTIMATE_REPLY_HOURS ?? DEFAULT_SHOP.estimateReplyHours,
  };
  return {
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: databaseConfig(e, dataDir),
    objectStore,
    backup,
    payments: payments.config,
    mail: mailConfig(e, shop, dataDir),
    google: googleConfig(e),
    sms: smsConfig(e, dataDir),
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    workers: true,
    jobQueue: {
      pollSeconds: e.JOB_QUEUE_POLL_SECONDS,
      superviseSeconds: e.JOB_QUEUE_SUPERVISE_SECONDS,
      leaseSeconds: e.JOB_QUEUE_LEASE_SECONDS,
    },
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    sessionTtlDays: e.SESSION_TTL_DAYS,
    rateLimitScale: e.RATE_LIMIT_SCALE ?? e.AUTH_RATE_LIMIT_SCALE ?? 1,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN ?? null,
    shop,
    pricing: pricing.pricing,
    repairStages: e.SHOP_REPAIR_STAGES ?? DEFAULT_REPAIR_STAGES,
    checkInAngles: e.SHOP_CHECK_IN_ANGLES ?? DEFAULT_CHECK_IN_ANGLES,
    surveys: { delayHours: e.SURVEY_DELAY_HOURS, googleReviewUrl: e.GOOGLE_REVIEW_URL ?? null },
    dropOffCapacity: e.DROP_OFF_CAPACITY,
    clientDir,
  };
}

const TRUST_PROXY_HELP =
  'give the addresses or CIDR ranges of the proxies in front of the app, comma-separated (e.g. 127.0.0.1 for one on the same machine, or 10.0.0.5,10.1.0.0/16)';
/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const ADDRESS_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset, `false`, `no` or `0` trust no proxy; otherwise a comma-separated list of the
 * proxies' addresses or CIDR ranges. `true` is refused: it would trust every hop, so a client could
 * choose its own address by sending X-Forwarded-For. So is a hop count: it cannot tell a proxy from
 * a client that reaches the app directly, and Fastify (5.12 on) ignores it, trusting nothing.
 */
function trustProxySetting(value: string | undefined, context: z.RefinementCtx): TrustProxy {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === 'no' || text === '0') return false;
  const refuse = (why: string) => {
    context.addIssue({ code: 'custom', message: `${why}: ${TRUST_PROXY_HELP}` });
    return false as const;
  };
  if (text === 'true' || text === 'yes') {
    return refuse(`"${value}" would trust every hop, so any client could pick its own address`);
  }
  if (/^\d+$/.test(text)) {
    return refuse(`a hop count (${text}) cannot tell a proxy from a client that connects directly`);
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrRange(entry));
  if (bad.length > 0) {
    return refuse(`${bad.map((entry) => `"${entry}"`).join(', ')}: not an address or CIDR range`);
  }
  // A range as wide as the Internet (0.0.0.0/0, ::/0, or halves that add up to it) is `true` by
  // another name: every client would be a trusted proxy and could pick its own address.
  const everything = familiesCoveredCompletely(entries);
  if (everything.length > 0) {
    const listed = entries.map((entry) => `"${entry}"`).join(', ');
    const families = everything.map((family) => `IPv${family}`).join(' and every ');
    return refuse(
      `${listed} ${entries.length === 1 ? 'covers' : 'together cover'} every ${families} address, so any client could pick its own address`,
    );
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  if (ADDRESS_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** S3 when S3_BUCKET is set; the other S3_* variables without it, or half a key pair, are a mistake. */
function objectStoreConfig(e: z.infer<typeof envSchema>, dataDir: string): ObjectStoreConfig {
  const problems: string[] = [];
  // Without S3_BUCKET the S3_* settings still serve a backup bucket (BACKUP_S3_BUCKET).
  if (!e.S3_BUCKET && !e.BACKUP_S3_BUCKET) {
    for (const name of [
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ] as const) {
      if (e[name]) problems.push(`  S3_BUCKET: must be set when ${name} is set (or BACKUP_S3_BUCKET)`);
    }
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    const missing = e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
    const other = e.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    problems.push(`  ${missing}: must be set together with ${other}`);
  }
  if (problems.length > 0)
    throw new ConfigError(`Invalid configuration:\n${[...new Set(problems)].join('\n')}`);
  if (!e.S3_BUCKET) return { kind: 'disk', dir: path.join(dataDir, 'objects') };
  return s3Config(e, e.S3_BUCKET);
}

/**
 * BACKUP_DIR or BACKUP_S3_BUCKET (not both) turn scheduled backups on. The target must not be part of
 * the photo store, or each backup would carry the ones before it.
 */
function backupConfig(e: z.infer<typeof envSchema>, objectStore: ObjectStoreConfig): BackupConfig | null {
  const fail = (line: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${line}`);
  };
  if (e.BACKUP_DIR && e.BACKUP_S3_BUCKET) fail('BACKUP_DIR: set BACKUP_DIR or BACKUP_S3_BUCKET, not both');
  const schedule = e.BACKUP_EVERY;
  const keep = e.BACKUP_KEEP;
  if (e.BACKUP_S3_BUCKET) {
    if (objectStore.kind === 's3' && objectStore.bucket === e.BACKUP_S3_BUCKET) {
      fail('BACKUP_S3_BUCKET: must be another bucket than S3_BUCKET (the photos)');
    }
    return { target: s3Config(e, e.BACKUP_S3_BUCKET), schedule, keep };
  }
  if (!e.BACKUP_DIR) return null;
  const dir = path.resolve(e.BACKUP_DIR);
  if (objectStore.kind === 'disk') {
    const inside = path.relative(objectStore.dir, dir);
    if (inside === '' || (!inside.startsWith('..') && !path.isAbsolute(inside))) {
      fail(`BACKUP_DIR: must be outside the photo store (${objectStore.dir})`);
    }
  }
  return { target: { kind: 'disk', dir }, schedule, keep };
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
