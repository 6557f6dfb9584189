import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createGoogleWorkspace } from './adapters/google/create-google-workspace.js';
import type { GoogleWorkspace } from './adapters/google/google-workspace.js';
import type { Mailer } from './adapters/mail/mailer.js';
import { createObjectStore } from './adapters/object-store/create-object-store.js';
import type { ObjectStore } from './adapters/object-store/object-store.js';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { adminDashboardRoutes } from './features/admin-dashboard/routes.js';
import { adminEstimateRoutes } from './features/admin-estimates/routes.js';
import { passwordRoutes } from './features/auth/password-routes.js';
import { authRoutes } from './features/auth/routes.js';
import { calendarRoutes } from './features/calendar/routes.js';
import { customerRoutes } from './features/customers/routes.js';
import { estimateRoutes } from './features/estimates/routes.js';
import { googleRoutes } from './features/google/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { messageRoutes } from './features/messages/routes.js';
import { registerNotifications } from './features/notifications/register-notifications.js';
import { paymentRoutes } from './features/payments/routes.js';
import { schedulePhotoCleanup } from './features/photos/cleanup.js';
import { photoRoutes } from './features/photos/routes.js';
import { uploadRoutes } from './features/uploads/routes.js';
import { userRoutes } from './features/users/routes.js';
import { vehicleRoutes } from './features/vehicles/routes.js';
import { registerClientApp } from './http/client-app.js';
import { registerCurrentUser } from './http/current-user.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerRejectNulText } from './http/reject-nul-text.js';
import { registerRequestLogging } from './http/request-logging.js';
import { registerRouteTable } from './http/route-table.js';
import { registerSameOriginCheck } from './http/same-origin.js';
import { registerSecurityHeaders } from './http/security-headers.js';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** Tests may pass their own; otherwise the one the configuration names (disk or S3). */
  store?: ObjectStore;
  /** Tests may pass their own; otherwise SMTP or .eml files, as configured. */
  mailer?: Mailer;
  /** Tests may pass their own; otherwise the one GOOGLE_* configures (none when unset). */
  google?: GoogleWorkspace | null;
}

/** Builds the whole server without listening: main.ts listens, tests use `inject`. */
export async function buildApp({ config, database, ...deps }: AppDeps): Promise<FastifyInstance> {
  const store = deps.store ?? (await createObjectStore(config));
  const google = deps.google === undefined ? createGoogleWorkspace(config.google) : deps.google;
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] },
    // registerRequestLogging logs one line per request, at a level that depends on the outcome.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRouteTable(app);
  registerErrorHandler(app);
  registerRequestLogging(app);
  registerRejectNulText(app);
  registerSecurityHeaders(app, config);
  registerSameOriginCheck(app, config);

  // Session cookies are signed: a forged or altered cookie is refused before any database lookup.
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifyCompress, { threshold: 1024 });
  const { db } = database;
  registerCurrentUser(app, db);

  healthRoutes(app, { db });
  authRoutes(app, { db, config });
  passwordRoutes(app, { db, config });
  estimateRoutes(app, { db, store });
  messageRoutes(app, { db, rateLimitScale: config.rateLimitScale });
  vehicleRoutes(app, { db });
  userRoutes(app, { db });
  customerRoutes(app, { db });
  calendarRoutes(app, { db });
  adminDashboardRoutes(app, { db });
  adminEstimateRoutes(app, { db });
  uploadRoutes(app, { db, store, secret: config.sessionSecret, rateLimitScale: config.rateLimitScale });
  photoRoutes(app, { db, store });
  await paymentRoutes(app, { db, config });
  schedulePhotoCleanup(app, { db, store });
  googleRoutes(app, { config: config.google, google });
  registerNotifications(app, { db, config, google, mailer: deps.mailer });

  if (config.clientDir) await registerClientApp(app, config.clientDir, config.shop);
  return app;
}
