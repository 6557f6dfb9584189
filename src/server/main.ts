import { existsSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, loadDotEnv } from './config.ts';
import { openDatabase } from './db/client.ts';
import { DatabaseLockedError } from './db/embedded-lock.ts';
import { EmbeddedPostgresError } from './db/embedded-postgres.ts';
import { BackupError, movePgliteToPostgres } from './features/backup/shared.ts';
import { projectPath } from './project-path.ts';
import { startupLine } from './startup-line.ts';

async function main(): Promise<void> {
  loadDotEnv();
  const clientDir = projectPath('dist/client');
  const config = loadConfig(process.env, existsSync(`${clientDir}/index.html`) ? clientDir : null);
  // One plain line a person reads first, before the JSON logs meant for machines.
  console.log(startupLine(config.shop.name, config.host, config.port));
  // An install from before the embedded PostgreSQL: its PGlite data moves across once, backed up first.
  await movePgliteToPostgres(config, (line) => console.log(line));
  const database = await openDatabase(config.database);
  await database.migrate();
  const app = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, finishing in-flight requests`);
    // Closing drops the connections idle at that moment only; a keep-alive connection whose request
    // finishes later would hold the exit up until its keep-alive timeout. Drop those as they go idle.
    const dropIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(dropIdle);
    }
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (!config.clientDir) app.log.warn('No client build found in dist/client: serving the API only.');
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseLockedError ||
    error instanceof EmbeddedPostgresError ||
    error instanceof BackupError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
