import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { centsToDecimal } from '#domain/money.ts';
import { createGoogleWorkspace } from './adapters/google/create-google-workspace.ts';
import type { GoogleWorkspace } from './adapters/google/google-workspace.ts';
import { JobQueue } from './adapters/job-queue/job-queue.ts';
import { HOURLY, recurring } from './adapters/job-queue/recurring.ts';
import type { Mailer } from './adapters/mail/mailer.ts';
import { createObjectStore } from './adapters/object-store/create-object-store.ts';
import type { ObjectStore } from './adapters/object-store/object-store.ts';
import { createPaymentProvider } from './adapters/payments/create-payment-provider.ts';
import { createVpicDecoder } from './adapters/vin-decoder/vpic-decoder.ts';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { adminDashboardRoutes } from './features/admin-dashboard/routes.ts';
import { adminEstimateRoutes } from './features/admin-estimates/routes.ts';
import { passwordRoutes } from './features/auth/password-routes.ts';
import { authRoutes } from './features/auth/routes.ts';
import { lastBackupAt, registerBackups } from './features/backup/shared.ts';
import { calendarRoutes } from './features/calendar/routes.ts';
import { checkInRoutes } from './features/check-ins/routes.ts';
import { customerRoutes } from './features/customers/routes.ts';
import { documentRoutes } from './features/documents/routes.ts';
import {
  type DocumentSettings,
  printRepairDocument,
  snapshotRepairDocument,
} from './features/documents/shared.ts';
import { dropOffCalendarRoutes } from './features/drop-off-calendar/routes.ts';
import { estimateRoutes } from './features/estimates/routes.ts';
import type { CancelStalePayments } from './features/estimates/shared.ts';
import { frontDeskRoutes } from './features/front-desk/routes.ts';
import { googleRoutes } from './features/google/routes.ts';
import { healthRoutes } from './features/health/routes.ts';
import { messageRoutes } from './features/messages/routes.ts';
import { metricsRoutes } from './features/metrics/routes.ts';
import { registerNotifications } from './features/notifications/register-notifications.ts';
import { paymentRoutes } from './features/payments/routes.ts';
import { cancelStaleIntents, paymentPageGuard } from './features/payments/shared.ts';
import { deleteAbandonedPhotos } from './features/photos/cleanup.ts';
import { photoRoutes } from './features/photos/routes.ts';
import { pickupSurveyRoutes, surveyPageGuard } from './features/pickup-surveys/shared.ts';
import { repairAuthorizationRoutes } from './features/repair-authorizations/routes.ts';
import { dropOffPageGuard, selfBookingRoutes, sendDropOffReminders } from './features/self-booking/shared.ts';
import { statusLinkRoutes } from './features/status-links/routes.ts';
import {
  deleteExpiredStatusLinks,
  issueStatusLink,
  statusPageGuard,
} from './features/status-links/shared.ts';
import { textReplyRoutes } from './features/text-replies/routes.ts';
import { resumableUploadRoutes } from './features/uploads/resumable-routes.ts';
import { createResumableStore, removeResumableUpload } from './features/uploads/resumable-store.ts';
import { uploadRoutes } from './features/uploads/routes.ts';
import { userRoutes } from './features/users/routes.ts';
import { vehicleRoutes } from './features/vehicles/routes.ts';
import { registerRoutePattern } from './http/api-route.ts';
import { registerClientApp } from './http/client-app.ts';
import { registerCurrentUser } from './http/current-user.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { errorForLog } from './http/error-log.ts';
import { DEFAULT_BODY_LIMIT, registerJsonBodyParser } from './http/json-body.ts';
import { standardOutputLog } from './http/log-destination.ts';
import { AppMetrics } from './http/metrics.ts';
import { registerRejectNulText } from './http/reject-nul-text.ts';
import { newRequestId, registerRequestIdHeader } from './http/request-id.ts';
import { requestLoggerFactory } from './http/request-logger.ts';
import { type LogLineStream, registerRequestLogging } from './http/request-logging.ts';
import { registerRouteTable } from './http/route-table.ts';
import { registerSameOriginCheck } from './http/same-origin.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { SERVER_TIMEOUTS, type ServerTimeouts, serverTimeoutOptions } from './http/server-timeouts.ts';
import { shopCalendarFor } from './shop-calendar.ts';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** Tests may pass their own; otherwise the one the configuration names (disk or S3). */
  store?: ObjectStore;
  /** Tests may pass their own; otherwise SMTP or .eml files, as configured. */
  mailer?: Mailer;
  /** Tests may pass their own; otherwise the one GOOGLE_* configures (none when unset). */
  google?: GoogleWorkspace | null;
  /** Tests may shorten them; otherwise SERVER_TIMEOUTS. */
  timeouts?: ServerTimeouts;
  /** Tests may read the log lines; otherwise standard output. */
  logStream?: LogLineStream;
}

/** Builds the whole server without listening: main.ts listens, tests use `inject`. */
export async function buildApp({ config, database, ...deps }: AppDeps): Promise<FastifyInstance> {
  const store = deps.store ?? (await createObjectStore(config));
  const google = deps.google === undefined ? createGoogleWorkspace(config.google) : deps.google;
  const timeouts = deps.timeouts ?? SERVER_TIMEOUTS;
  // Nothing is collected (and requests pay nothing for metrics) unless someone may scrape them.
  const metrics = config.metricsToken ? new AppMetrics() : null;
  const logStream = deps.logStream ?? standardOutputLog();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'res.headers["set-cookie"]'],
      // A failed query is logged without its parameters (people's data): see error-log.ts.
      serializers: { err: errorForLog },
      stream: logStream,
    },
    // registerRequestLogging logs one line per request (route pattern, status, time, user id).
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's own logger (request.log, with its reqId) is made when it first logs.
    childLoggerFactory: requestLoggerFactory,
    // A short random id per request: in its log lines, its X-Request-Id header and a 5xx answer.
    genReqId: newRequestId,
    trustProxy: config.trustProxy,
    // Routes whose real bodies are larger (long text, photo lists) raise it for themselves.
    bodyLimit: DEFAULT_BODY_LIMIT,
    // A stalled request (headers, or part of a body, then nothing) is answered 408 and closed.
    requestTimeout: timeouts.requestMs,
    http: serverTimeoutOptions(timeouts),
  });
  registerJsonBodyParser(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRouteTable(app);
  registerRoutePattern(app);
  app.decorate('metrics', metrics);
  registerRequestIdHeader(app);
  registerErrorHandler(app);
  registerRequestLogging(app, metrics, logStream);
  registerRejectNulText(app);
  registerSecurityHeaders(app, config);
  registerSameOriginCheck(app, config);

  // Session cookies are signed: a forged or altered cookie is refused before any database lookup.
  // Read through requestCookie, which parses them on demand (no hook on every request).
  await app.register(fastifyCookie, { secret: config.sessionSecret, hook: false });
  // Answers only: no client of the app sends a compressed body (json-body.ts refuses one with 415).
  await app.register(fastifyCompress, { threshold: 1024, globalDecompression: false });
  const { db } = database;
  registerCurrentUser(app, db);
  // Everything that runs later or again (decision 067), where this process runs it (tests mostly not).
  const jobs = config.workers && database.pool ? new JobQueue(database.pool, config.jobQueue, app.log) : null;

  // One payment provider: the payment routes take payments with it, and the changes that leave an
  // estimate owing less (or nothing online) cancel through it what the customer can no longer pay.
  const paymentProvider = await createPaymentProvider(config.payments, db, config.sessionSecret);
  const cancelStalePayments: CancelStalePayments = (tx, estimateId) =>
    cancelStaleIntents(tx, paymentProvider, estimateId);

  healthRoutes(app, { db, store });
  metricsRoutes(app, { db, metrics, token: config.metricsToken, jobs });
  authRoutes(app, { db, config });
  passwordRoutes(app, { db, config });
  estimateRoutes(app, {
    db,
    store,
    pricing: config.pricing,
    stages: config.repairStages,
    appUrl: config.appUrl,
    rateLimitScale: config.rateLimitScale,
    cancelStalePayments,
  });
  const documents: DocumentSettings = {
    shop: config.shop,
    laborRate: centsToDecimal(config.pricing.laborRateCents),
  };
  documentRoutes(app, { db, documents, rateLimitScale: config.rateLimitScale });
  repairAuthorizationRoutes(app, { db, store, documents, rateLimitScale: config.rateLimitScale });
  messageRoutes(app, { db, rateLimitScale: config.rateLimitScale });
  vehicleRoutes(app, {
    db,
    // Opened on the first decode, not here (decision 069).
    vinDecoder: createVpicDecoder(path.join(config.dataDir, 'cache')),
    rateLimitScale: config.rateLimitScale,
  });
  userRoutes(app, { db });
  customerRoutes(app, { db });
  calendarRoutes(app, { db });
  dropOffCalendarRoutes(app, { db, shop: config.shop, appUrl: config.appUrl });
  adminDashboardRoutes(app, { db });
  frontDeskRoutes(app, { db });
  const calendarFor = shopCalendarFor(config.shop);
  adminEstimateRoutes(app, {
    db,
    pricing: config.pricing,
    stages: config.repairStages,
    calendarFor,
    capacity: config.dropOffCapacity,
    cancelStalePayments,
  });
  const selfBooking = {
    secret: config.sessionSecret,
    appUrl: config.appUrl,
    shopName: config.shop.name,
    capacity: config.dropOffCapacity,
    calendarFor,
  };
  selfBookingRoutes(app, { db, settings: selfBooking, rateLimitScale: config.rateLimitScale });
  const uploadDeps = { db, store, secret: config.sessionSecret, rateLimitScale: config.rateLimitScale };
  uploadRoutes(app, uploadDeps);
  const resumable = await createResumableStore(config.objectStore, config.dataDir);
  resumableUploadRoutes(app, { ...uploadDeps, resumable });
  photoRoutes(app, { db, store });
  checkInRoutes(app, { db, store, appUrl: config.appUrl, angles: config.checkInAngles });
  const statusLinks = { secret: config.sessionSecret, appUrl: config.appUrl };
  statusLinkRoutes(app, { db, store, ...statusLinks, rateLimitScale: config.rateLimitScale });
  await paymentRoutes(app, { db, config, provider: paymentProvider });
  pickupSurveyRoutes(app, {
    db,
    settings: {
      ...statusLinks,
      shopName: config.shop.name,
      delayHours: config.surveys.delayHours,
      googleReviewUrl: config.surveys.googleReviewUrl,
    },
    rateLimitScale: config.rateLimitScale,
  });
  if (jobs) {
    recurring(jobs, 'delete-abandoned-photos', HOURLY, async () => {
      const count = await deleteAbandonedPhotos(db, store, app.log, {
        removeWaitingUpload: (photoId) => removeResumableUpload(resumable, photoId),
      });
      if (count > 0) app.log.info({ count }, 'deleted abandoned photos');
    });
    recurring(jobs, 'delete-expired-status-links', HOURLY, async () => {
      const count = await deleteExpiredStatusLinks(db);
      if (count > 0) app.log.info({ count }, 'deleted expired status links');
    });
    // Decision 070: each hour, the day-before reminders of tomorrow's drop-offs (within the reminder
    // hours), once per booking; run at the job's time, whenever the process gets to it.
    recurring(jobs, 'send-drop-off-reminders', HOURLY, async () => {
      const count = await sendDropOffReminders(db, selfBooking);
      if (count > 0) app.log.info({ count }, 'queued drop-off reminders');
    });
  }
  googleRoutes(app, { config: config.google, google });
  // Present only when texts go through Twilio: nobody else can send replies.
  if (config.sms.kind === 'twilio') {
    await textReplyRoutes(app, { db, sms: config.sms, shop: config.shop, appUrl: config.appUrl });
  }
  registerNotifications(app, {
    db,
    config,
    google,
    mailer: deps.mailer,
    jobs,
    snapshotDocument: (tx, estimateId, kind) => snapshotRepairDocument(tx, estimateId, kind, documents),
    printDocument: printRepairDocument,
    // Every customer e-mail and text about an estimate carries a link to its status page.
    statusLink: (tx, estimateId) => issueStatusLink(tx, statusLinks, estimateId, null),
  });
  // After the notifications: a failed backup queues its e-mail through them.
  const backups = await registerBackups(app, { config: config.backup, database, store, jobs });
  // shop_backup_age_seconds exists only where the server makes backups itself.
  if (backups) metrics?.setLastBackupSource(() => lastBackupAt(db));

  if (jobs) {
    // Once every feature has declared its jobs; stopped before the database closes, after the
    // jobs in hand (a backup, a message being sent) are finished.
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
  }

  if (config.clientDir) {
    await registerClientApp(app, config.clientDir, config.shop, [
      statusPageGuard(db, config.sessionSecret),
      paymentPageGuard(config.sessionSecret),
      surveyPageGuard(config.sessionSecret),
      dropOffPageGuard(config.sessionSecret),
    ]);
  }
  return app;
}
