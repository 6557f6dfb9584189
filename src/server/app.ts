import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { Database } from './db/client.js';
import { authRoutes } from './features/auth/routes.js';
import { estimateRoutes } from './features/estimates/routes.js';
import { healthRoutes } from './features/health/routes.js';
import { registerClientApp } from './http/client-app.js';
import { registerCurrentUser } from './http/current-user.js';
import { registerErrorHandler } from './http/error-handler.js';

export interface AppDeps {
  config: AppConfig;
  database: Database;
}

/** Builds the whole server without listening: main.ts listens, tests use `inject`. */
export async function buildApp({ config, database }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  // Session cookies are signed: a forged or altered cookie is refused before any database lookup.
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  await app.register(fastifyCompress, { threshold: 1024 });
  const { db } = database;
  registerCurrentUser(app, db);

  healthRoutes(app, { db });
  authRoutes(app, { db, config });
  estimateRoutes(app, { db });

  if (config.clientDir) await registerClientApp(app, config.clientDir, config.shop);
  return app;
}
