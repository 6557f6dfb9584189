import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DROP_OFF_SLOT_IDS } from '#domain/drop-off-slots.ts';
import { LINE_KINDS, LINE_PAYERS, PART_TYPES } from '#domain/estimate-lines.ts';
import { ESTIMATE_STATUSES } from '#domain/estimate-status.ts';
import { ESTIMATE_TYPES } from '#domain/insurance.ts';
import { LANGUAGES } from '#domain/language.ts';
import { OWING_STATUSES, PAYMENT_METHODS } from '#domain/recorded-payments.ts';
import {
  customerSearchText,
  estimateSearchText,
  trigramIndexed,
  vehicleSearchText,
} from './search-expressions.ts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money is exact: numeric(12,2), read and written as decimal strings. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const estimateStatus = pgEnum('estimate_status', ESTIMATE_STATUSES);
export const estimateType = pgEnum('estimate_type', ESTIMATE_TYPES);
export const dropOffSlot = pgEnum('drop_off_slot', DROP_OFF_SLOT_IDS);
export const paymentStatus = pgEnum('payment_status', [
  'requires_payment',
  'processing',
  'succeeded',
  'failed',
  'canceled',
]);
export const paymentMethod = pgEnum('payment_method', PAYMENT_METHODS);
/** A photo row is made when its upload URL is handed out; it is 'ready' once the image was checked and cleaned. */
export const photoStatus = pgEnum('photo_status', ['awaiting_upload', 'ready']);
/** A missed drop-off is 'no_show': its place is freed like a cancelled one, and it is counted. */
export const appointmentStatus = pgEnum('appointment_status', ['scheduled', 'cancelled', 'no_show']);
/** What a queued job does: send one e-mail or one text, or save one quoted estimate to Google Drive. */
export const outboxKind = pgEnum('outbox_kind', ['email', 'drive_estimate', 'sms']);
export const outboxStatus = pgEnum('outbox_status', ['pending', 'sending', 'sent', 'failed', 'cancelled']);
export const backupRunStatus = pgEnum('backup_run_status', ['running', 'succeeded', 'failed']);
export const estimateLineKind = pgEnum('estimate_line_kind', LINE_KINDS);
export const estimateLinePayer = pgEnum('estimate_line_payer', LINE_PAYERS);
export const partType = pgEnum('part_type', PART_TYPES);
/**
 * 'active': part of the estimate; 'proposed': in a supplement waiting for the customer; 'withdrawn': in
 * a declined supplement; 'replaced': an active line a supplement replaced. Only active lines count.
 */
export const estimateLineState = pgEnum('estimate_line_state', [
  'active',
  'proposed',
  'withdrawn',
  'replaced',
]);
export const supplementStatus = pgEnum('supplement_status', ['pending', 'approved', 'declined']);
/**
 * How the customer gave (or refused) consent: online themselves, or told staff in person, by phone,
 * e-mail or text (the staff member records it).
 */
export const consentMethod = pgEnum('consent_method', ['online', 'phone', 'in_person', 'email', 'text']);

export const language = pgEnum('language', LANGUAGES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; the unique index makes addresses unique regardless of case. */
    email: text('email').notNull(),
    /** Null for customers the shop created who have not set a password yet. */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    /** What the customer reads: the app's screens and everything it sends them (decision 054). */
    language: language('language').notNull().default('en'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * When the account first proved it reads its e-mail (it used a link sent there); null until then.
     * The shop files estimates only with accounts that did, or that nobody has a password for
     * (decision 082).
     */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_phone_idx').on(t.phone),
    // Customer search: ILIKE '%text%' over name, e-mail and phone (decision 074).
    index('users_search_trgm_idx').using('gin', trigramIndexed(customerSearchText(t))),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token: a leaked table cannot be replayed as cookies. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** One-time links to set (or reset) a password, sent by e-mail: proof that the caller reads that inbox. */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    /** SHA-256 of the token in the link: a leaked table cannot be used to set anyone's password. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_tokens_user_idx').on(t.userId)],
);

export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year'),
    make: text('make'),
    model: text('model'),
    /** Normalised ('QRT5521': upper case, no spaces or dashes) by every write path (decision 064). */
    licensePlate: text('license_plate'),
    vin: text('vin'),
    mileage: integer('mileage'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vehicles_user_idx').on(t.userId),
    // Plates are stored normalised, so the plate search compares the column itself.
    index('vehicles_plate_idx').on(t.licensePlate),
    // Vehicle and plate search: ILIKE '%text%' over plate, year make model and VIN (decision 074).
    index('vehicles_search_trgm_idx').using('gin', trigramIndexed(vehicleSearchText(t))),
    index('vehicles_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const estimates = pgTable(
  'estimates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    status: estimateStatus('status').notNull().default('pending'),
    estimateType: estimateType('estimate_type').notNull().default('cash'),
    damageDescription: text('damage_description'),
    insuranceCompany: text('insurance_company'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    /** Repair updates by text go here (E.164) when the customer ticked "Text me updates". */
    smsPhone: text('sms_phone'),
    /** When they ticked it, and the exact words they agreed to. */
    smsOptInAt: timestamp('sms_opt_in_at', { withTimezone: true }),
    smsOptInWording: text('sms_opt_in_wording'),
    /** The day the shop promises the car back ('YYYY-MM-DD'); its changes are estimate events. */
    promisedDate: date('promised_date'),
    estimatedAmount: money('estimated_amount'),
    actualAmount: money('actual_amount'),
    customerDeductible: money('customer_deductible'),
    insuranceCoverage: money('insurance_coverage'),
    /**
     * The tax rate (percent) the estimate's lines were priced at, fixed when the lines were saved so a
     * later change of SHOP_TAX_RATE never changes an estimate the customer has seen. Null without lines.
     */
    taxRate: numeric('tax_rate', { precision: 6, scale: 3 }),
    /**
     * Cents of the succeeded payments, kept by a trigger on payments (whatever code path wrote them), so
     * the list's "balance due" filter and the dashboard's balances read one row, not a sum per estimate.
     */
    paidCents: bigint('paid_cents', { mode: 'number' }).notNull().default(0),
    /**
     * What the customer still owes for agreed work: their share (the deductible, else the total) less
     * what was paid, while approved, scheduled, in progress or completed; 0 otherwise. Mirrors
     * customerShareCents and amountDueCents in src/domain/payments.ts.
     */
    owedCents: bigint('owed_cents', { mode: 'number' })
      .notNull()
      .generatedAlwaysAs(
        sql`case when "status" in (${sql.raw(OWING_STATUSES.map((s) => `'${s}'`).join(', '))}) and "estimated_amount" > 0
          then greatest(0, coalesce((case when "customer_deductible" is null then "estimated_amount"
            when "customer_deductible" > 0 then "customer_deductible" end) * 100, 0)::bigint - "paid_cents")
          else 0 end`,
      ),
    /** When the car went home (POST /api/admin/estimates/{id}/pickup), and who handed it over. */
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    pickedUpBy: uuid('picked_up_by').references(() => users.id, { onDelete: 'set null' }),
    /** The balance staff confirmed the car left with (cents); null when nothing was due. */
    pickupBalanceCents: bigint('pickup_balance_cents', { mode: 'number' }),
    pickupNote: text('pickup_note'),
    /**
     * The daily storage charge the written estimate stated (F.S. 559.905(1)(n), decision 072 as
     * amended 3 Dec 2026), recorded as it went to the customer: with each quote sent (a changed quote
     * replaces it), else at the approval or the signature at the counter. Two columns, three cases:
     * `storage_terms_stated_at` null: never recorded (estimates older than the record), charged at
     * SHOP_STORAGE_DAILY_RATE as before; set, with `stated_storage_rate_cents` in cents: that rate
     * stated; set, with it null: the estimate stated no storage charge, so none is ever charged.
     */
    storageTermsStatedAt: timestamp('storage_terms_stated_at', { withTimezone: true }),
    statedStorageRateCents: integer('stated_storage_rate_cents'),
    /**
     * When the customer was told the finished car is ready (the completion e-mail and text, decision
     * 072): storage is charged from `storage_from`, the fourth business day after, at
     * `storage_rate_cents` a day (the lower of the rate stated above and SHOP_STORAGE_DAILY_RATE then;
     * null: no storage) until the pickup.
     */
    readyNotifiedAt: timestamp('ready_notified_at', { withTimezone: true }),
    storageFrom: date('storage_from'),
    storageRateCents: integer('storage_rate_cents'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The admin list's pages are read in index order, newest first, the id breaking ties (decision 074).
    index('estimates_created_id_idx').on(t.createdAt.desc(), t.id.desc()),
    index('estimates_status_created_id_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    // "Active" is every status but two: only the few open estimates, however many are closed.
    index('estimates_active_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.status} not in ('completed', 'cancelled')`),
    // The "balance due" filter reads only the estimates that owe something, newest first.
    index('estimates_owing_created_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.owedCents} > 0`),
    index('estimates_user_created_idx').on(t.userId, t.createdAt.desc()),
    // The list's version (its ETag) is read from this index alone, polled every few seconds.
    index('estimates_user_updated_idx').on(t.userId, t.updatedAt),
    // Quotes waiting on the customer, longest wait first (the front desk).
    index('estimates_status_updated_idx').on(t.status, t.updatedAt),
    // The calendar's cars due out in a month.
    index('estimates_promised_idx').on(t.promisedDate).where(sql`${t.promisedDate} is not null`),
    index('estimates_vehicle_idx').on(t.vehicleId),
    // The list's text search over the insurer and the damage description (decision 074).
    index('estimates_search_trgm_idx').using('gin', trigramIndexed(estimateSearchText(t))),
  ],
);

/**
 * The estimates of each status, summed: kept by statement triggers on estimates (migration 0022,
 * decision 074), so the dashboard's figures and the list's counts read a handful of rows instead of
 * every estimate the shop ever wrote. Each column is what a card needs and nothing else.
 */
export const estimateStatusTotals = pgTable('estimate_status_totals', {
  status: estimateStatus('status').primaryKey(),
  estimates: bigint('estimates', { mode: 'number' }).notNull().default(0),
  /** Sum of estimated_amount (nulls count 0). */
  amount: numeric('amount', { precision: 20, scale: 2 }).notNull().default('0'),
  /** The estimates with an estimated_amount above 0, and their sum (quotes waiting on the customer). */
  priced: bigint('priced', { mode: 'number' }).notNull().default(0),
  pricedAmount: numeric('priced_amount', { precision: 20, scale: 2 }).notNull().default('0'),
  /** The estimates with owed_cents above 0, and the sum of owed_cents. */
  owing: bigint('owing', { mode: 'number' }).notNull().default(0),
  owedCents: bigint('owed_cents', { mode: 'number' }).notNull().default(0),
});

/**
 * An uploaded image. It belongs to its uploader until it is linked to an estimate;
 * only the uploader can link it, so nobody can attach someone else's photo.
 */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploaderId: uuid('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    estimateId: uuid('estimate_id').references(() => estimates.id, { onDelete: 'cascade' }),
    status: photoStatus('status').notNull().default('awaiting_upload'),
    objectKey: text('object_key').notNull().unique(),
    thumbnailKey: text('thumbnail_key'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    width: integer('width'),
    height: integer('height'),
    /** Which photo step it was taken for (overview, damage-front…), when known. */
    step: text('step'),
    /** A progress photo of a repair stage: shown with that event, not among the damage photos. */
    eventId: uuid('event_id').references((): AnyPgColumn => estimateEvents.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('photos_estimate_idx').on(t.estimateId, t.position),
    index('photos_uploader_idx').on(t.uploaderId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    isFromAdmin: boolean('is_from_admin').notNull().default(false),
    /** The message as written; for a note the app wrote, its English rendering (the front desk's inbox reads it). */
    content: text('content').notNull(),
    /**
     * A note the app wrote (a quote, a status change, a payment…): its kind and values, from which each
     * reader's language renders it (src/server/i18n/note-text.ts, decision 068). Null for what people write.
     */
    noteKind: text('note_kind'),
    noteValues: jsonb('note_values'),
    createdAt: createdAt(),
    /**
     * A customer's own message the shop has not answered yet: it is in the front desk's inbox until a
     * staff reply in the thread or "Mark handled" clears it (decision 061). False for every message
     * the shop or the app writes, and for the notes the app writes in the customer's name (approvals).
     */
    awaitingReply: boolean('awaiting_reply').notNull().default(false),
    /** When and by whom it stopped awaiting a reply. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    /** The staff reply that answered it; null when staff marked it handled without replying. */
    answerMessageId: uuid('answer_message_id').references((): AnyPgColumn => messages.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('messages_estimate_created_idx').on(t.estimateId, t.createdAt),
    // The inbox reads only the messages still awaiting a reply, however many the shop has answered.
    index('messages_awaiting_reply_idx').on(t.estimateId, t.createdAt).where(sql`awaiting_reply`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'restrict' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull(),
    providerIntentId: text('provider_intent_id').notNull().unique(),
    /** Whole cents: card networks charge in the currency's smallest unit. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: paymentStatus('status').notNull().default('requires_payment'),
    failureMessage: text('failure_message'),
    /** The card that paid, for the receipt note and the shop's records; never the full number. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** When the provider confirmed the payment; null until it succeeded. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** How it was paid: 'card' for the provider's payments; staff record the others (and counter cards). */
    method: paymentMethod('method').notNull().default('card'),
    /** The staff member who recorded a payment taken outside the app; null for the provider's. */
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** A check number, an insurer's claim payment number…, as staff typed it. */
    reference: text('reference'),
    /** Staff only. */
    note: text('note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_estimate_idx').on(t.estimateId, t.status),
    // The dashboard's "collected this month" reads a month of succeeded payments.
    index('payments_paid_at_idx').on(t.paidAt).where(sql`${t.status} = 'succeeded'`),
  ],
);

/** Payment-provider webhook events already handled: a replayed event is recognised by its id and ignored. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    dropOffDate: date('drop_off_date').notNull(),
    slot: dropOffSlot('slot').notNull(),
    instructions: text('instructions').notNull(),
    status: appointmentStatus('status').notNull().default('scheduled'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The customer picked the window themselves (not the shop on the desk). */
    bookedByCustomer: boolean('booked_by_customer').notNull().default(false),
    /** When the day-before reminder was queued (the reminder job's mark: once per booking). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the customer confirmed from the reminder's link. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    index('appointments_date_idx').on(t.dropOffDate, t.slot),
    index('appointments_estimate_idx').on(t.estimateId),
  ],
);

/** Fixed-window counters shared by every server process (login and register throttling). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * The record of everything that leaves the building (e-mail, texts, Drive saves). A change and the
 * work it causes are written in one transaction, with a job-queue job that runs the outbox at the
 * row's time (decision 067); the runs, in any server process, claim rows with a lease (locked_until),
 * so a crash mid-send is retried once the lease runs out and two runs never hold the same row at
 * once. 'cancelled': withdrawn before it was sent (cancelQueuedMessage), or a text dropped for a STOP
 * (`last_error` says why).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: outboxKind('kind').notNull(),
    /** Why it was queued ('quote_ready', 'shop_message'…): for throttling and for people reading the table. */
    topic: text('topic').notNull(),
    estimateId: uuid('estimate_id').references(() => estimates.id, { onDelete: 'set null' }),
    /** The rendered message or document, fixed when the change happened. */
    payload: jsonb('payload').notNull(),
    status: outboxStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While 'sending': the claim expires then, and another worker may take the row over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** Set when the same work must never be queued twice. */
    dedupeKey: text('dedupe_key').unique(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_estimate_topic_idx').on(t.estimateId, t.topic, t.createdAt),
  ],
);

/**
 * One row per scheduled backup time (BACKUP_EVERY). The server process whose insert wins the unique
 * `scheduled_for` makes that backup; the others skip it, so several processes make one backup per
 * time. `lease_until` marks a run in progress (renewed while it runs): no other process starts one
 * meanwhile, and a process that died mid-backup holds nobody up once it passes.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull().unique(),
    status: backupRunStatus('status').notNull().default('running'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The backup's file name (in BACKUP_DIR) or key (in BACKUP_S3_BUCKET). */
    name: text('name'),
    /** Bytes of the verified file. */
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
  },
  (t) => [index('backup_runs_finished_idx').on(t.status, t.finishedAt)],
);

/** A change to the lines after approval, sent to the customer for consent (F.S. 559.909). */
export const estimateSupplements = pgTable(
  'estimate_supplements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    /** "Supplement #2": counted per estimate from 1. */
    number: integer('number').notNull(),
    reason: text('reason').notNull(),
    status: supplementStatus('status').notNull().default('pending'),
    /** The change in the estimate's total it asks for (negative when it lowers the total). */
    amount: money('amount').notNull(),
    /** Teardown photos: photo URLs of the estimate's own photos. */
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Who recorded the answer: the customer online, or the staff member who took it by phone or in person. */
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    consentMethod: consentMethod('consent_method'),
    /** Who gave consent (or refused), as staff recorded it; the account's name when answered online. */
    consentName: text('consent_name'),
    consentNote: text('consent_note'),
  },
  (t) => [
    uniqueIndex('estimate_supplements_number_unique').on(t.estimateId, t.number),
    // The front desk lists the supplements waiting on the customer: a few among all ever sent.
    index('estimate_supplements_pending_idx').on(t.createdAt).where(sql`status = 'pending'`),
  ],
);

export const estimateLines = pgTable(
  'estimate_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    /** The supplement that proposed the line; null for the estimate's own lines. */
    supplementId: uuid('supplement_id').references(() => estimateSupplements.id, { onDelete: 'cascade' }),
    state: estimateLineState('state').notNull().default('active'),
    position: integer('position').notNull(),
    kind: estimateLineKind('kind').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 7, scale: 2 }).notNull(),
    unitPrice: money('unit_price').notNull(),
    payer: estimateLinePayer('payer').notNull(),
    partType: partType('part_type'),
    optional: boolean('optional').notNull().default(false),
    /** An optional line the customer declined when approving. */
    declined: boolean('declined').notNull().default(false),
    /** Fixed when priced, from SHOP_TAXABLE_KINDS. */
    taxable: boolean('taxable').notNull(),
    /**
     * The line a supplement line replaces. No foreign key on purpose: a table referencing itself would
     * need its rows restored parents first, which the backup's table-by-table restore does not do.
     */
    replacesLineId: uuid('replaces_line_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('estimate_lines_estimate_idx').on(t.estimateId, t.state, t.position),
    index('estimate_lines_supplement_idx').on(t.supplementId),
  ],
);

/** Each approval: of the estimate by the customer, or of a supplement; the newest is what is approved now. */
export const estimateApprovals = pgTable(
  'estimate_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    /** The total approved, supplements included. */
    approvedAmount: money('approved_amount').notNull(),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
    /** The optional lines the customer declined with this approval. */
    declinedLineIds: jsonb('declined_line_ids').$type<string[]>().notNull().default([]),
    /** Set when the approval is of a supplement. */
    supplementId: uuid('supplement_id').references(() => estimateSupplements.id, { onDelete: 'cascade' }),
    /**
     * The customer's consent this approval records: online (the customer in the app), or as staff
     * recorded it (approvedBy is then the staff member). Null only on approvals made before it was kept.
     */
    consentMethod: consentMethod('consent_method'),
    /** Who gave consent: the account's name online, the name staff were given otherwise. */
    consentName: text('consent_name'),
    consentNote: text('consent_note'),
  },
  (t) => [index('estimate_approvals_estimate_idx').on(t.estimateId, t.approvedAt)],
);

export type UserRow = typeof users.$inferSelect;
export type EstimateRow = typeof estimates.$inferSelect;
export type VehicleRow = typeof vehicles.$inferSelect;
export type PhotoRow = typeof photos.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;
export type EstimateLineRow = typeof estimateLines.$inferSelect;
export type EstimateSupplementRow = typeof estimateSupplements.$inferSelect;
export type EstimateApprovalRow = typeof estimateApprovals.$inferSelect;

/** Numbers that replied STOP: no text goes to them until they reply START. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  stoppedAt: timestamp('stopped_at', { withTimezone: true }).notNull().defaultNow(),
});

export const estimateEventKind = pgEnum('estimate_event_kind', [
  'status',
  'stage',
  'promised_date',
  'pickup',
  'check_in',
  'ready_notice',
]);

/**
 * The repair's timeline: every status change (written by a trigger on estimates, whatever code path
 * made it), each repair stage the shop records, and each change of the promised date with its reason.
 */
export const estimateEvents = pgTable(
  'estimate_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    kind: estimateEventKind('kind').notNull(),
    /** The status ('in_progress'), the stage ('Paint') or the promised date ('2026-03-12'). */
    name: text('name').notNull(),
    note: text('note'),
    /** Shown to the shop only. */
    internal: boolean('internal').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('estimate_events_estimate_idx').on(t.estimateId, t.createdAt)],
);
export type EstimateEventRow = typeof estimateEvents.$inferSelect;

/**
 * Each notice of lien (F.S. 713.585) the desk produced: who, when, and what it claimed, so the shop can
 * show it sent one within the statute's 7 business days.
 */
export const lienNotices = pgTable(
  'lien_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    producedBy: uuid('produced_by').references(() => users.id, { onDelete: 'set null' }),
    producedAt: timestamp('produced_at', { withTimezone: true }).notNull().defaultNow(),
    /** The cash sum to redeem the car, as printed (cents). */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    storageFrom: date('storage_from').notNull(),
    deadline: date('deadline').notNull(),
    earliestSale: date('earliest_sale').notNull(),
  },
  (t) => [index('lien_notices_estimate_idx').on(t.estimateId, t.producedAt)],
);

/**
 * Status links: each signed link sent to a customer (or copied from a page) names one row here, so it
 * can be turned off before it expires. The token itself is not stored: it is re-made from the row.
 */
export const statusLinks = pgTable(
  'status_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    /** Who asked for it; null for the links the app puts in its own e-mails and texts. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('status_links_estimate_idx').on(t.estimateId)],
);
export type StatusLinkRow = typeof statusLinks.$inferSelect;

/**
 * The survey after a pickup: one per estimate, sent at `send_at` (the outbox holds its e-mail and
 * text until then) and answered at most once through its signed link.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .unique()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    language: language('language').notNull(),
    score: smallint('score'),
    comment: text('comment'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The figures of the last 90 days read the answers by their time, and the sent surveys by theirs.
    index('surveys_answered_idx').on(t.answeredAt).where(sql`${t.answeredAt} is not null`),
    index('surveys_send_at_idx').on(t.sendAt),
    check('surveys_score_range', sql`${t.score} between 0 and 10`),
  ],
);
export type SurveyRow = typeof surveys.$inferSelect;

/** A low score's "Call back" task: open until staff close it with what was done. */
export const recoveryTasks = pgTable(
  'recovery_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    surveyId: uuid('survey_id')
      .notNull()
      .unique()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closeNote: text('close_note'),
  },
  (t) => [index('recovery_tasks_open_idx').on(t.openedAt).where(sql`${t.closedAt} is null`)],
);

/**
 * The car's condition when it was dropped off (decision 071): odometer, fuel, keys, the damage already
 * there, and a photo of each angle the shop requires. Its photos hang off the timeline's 'check_in'
 * event (photos.event_id), so the customer's photo access and the photo clean-up work as for stages.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => estimateEvents.id, { onDelete: 'cascade' }),
    odometer: integer('odometer').notNull(),
    fuel: text('fuel'),
    notes: text('notes'),
    keys: text('keys'),
    /** [{angle, photoId}] in the order the shop sent them. */
    photos: jsonb('photos').$type<{ angle: string; photoId: string }[]>().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('check_ins_estimate_idx').on(t.estimateId, t.createdAt)],
);
export type CheckInRow = typeof checkIns.$inferSelect;

/**
 * Signed repair authorisations (F.S. 559.905, 559.909; decision 071). The signed content is kept as
 * the canonical JSON that was hashed, so the hash printed on the PDF can be recomputed from the row.
 * A replaced one stays, with when and why; one current (not replaced) authorisation per estimate.
 */
export const repairAuthorizations = pgTable(
  'repair_authorizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    signerName: text('signer_name').notNull(),
    /** The PNG the customer drew, in base64, as decoded and checked. */
    signaturePng: text('signature_png').notNull(),
    /** The exact canonical JSON whose SHA-256 is `contentHash`. */
    signedContent: text('signed_content').notNull(),
    contentHash: text('content_hash').notNull(),
    signedBy: uuid('signed_by').references(() => users.id, { onDelete: 'set null' }),
    /** Signed on the shop's device (staff signed in), rather than the customer's own. */
    atCounter: boolean('at_counter').notNull(),
    ip: text('ip'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    /** On the authorisation that replaced an earlier one: why. */
    replaceReason: text('replace_reason'),
  },
  (t) => [uniqueIndex('repair_authorizations_current_idx').on(t.estimateId).where(sql`replaced_at is null`)],
);
export type RepairAuthorizationRow = typeof repairAuthorizations.$inferSelect;

/** PDF bytes: stored as bytea, read and written as Buffers. */
const pdfBytes = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

/**
 * PDFs already drawn (decision 075): one per estimate, kind of document and language, with the hash
 * of everything printed on it. A download or the mail job whose document hashes the same is answered
 * from here; a changed estimate hashes differently, is drawn again and replaces its row.
 */
export const renderedDocuments = pgTable(
  'rendered_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    estimateId: uuid('estimate_id')
      .notNull()
      .references(() => estimates.id, { onDelete: 'cascade' }),
    /** 'estimate', 'invoice', 'lien-notice' or 'authorization' (the signed repair authorisation). */
    kind: text('kind').notNull(),
    language: language('language').notNull(),
    /** SHA-256 (hex) of the canonical JSON of what the PDF prints, the time of printing left out. */
    contentHash: text('content_hash').notNull(),
    pdf: pdfBytes('pdf').notNull(),
    renderedAt: timestamp('rendered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rendered_documents_document_idx').on(t.estimateId, t.kind, t.language)],
);
