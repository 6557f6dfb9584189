import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { sendDropOffReminders } from '#server/features/self-booking/shared.ts';

/**
 * Runs the day-before reminder job once, at `now`, on the browser tests' database, as the server's
 * hourly job runs it. This process joins the job queue while it does, so the messages it queues wake
 * the outbox as the server's own do (e-mail to DATA_DIR/outbox, texts to DATA_DIR/sms, by whichever
 * process takes the job). The flows cannot wait for the hour, nor for the shop's reminder hours of the
 * day before the booking: they pick the moment instead.
 */
export async function runReminderJob(baseUrl: string, now: Date): Promise<number> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const socket = encodeURIComponent(path.join(dataDir, 'postgres'));
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres@localhost:5432/shop?host=${socket}`,
      APP_URL: baseUrl,
      LOG_LEVEL: 'silent',
      SHOP_FEDERAL_HOLIDAYS: 'false',
      JOB_QUEUE_POLL_SECONDS: '0.5',
    }),
  };
  const database = await openDatabase(config.database);
  const app = await buildApp({ config, database });
  // Ready: the job queue runs here too, so a queued message brings its outbox job.
  await app.ready();
  try {
    return await sendDropOffReminders(
      database.db,
      { secret: config.sessionSecret, appUrl: config.appUrl },
      now,
    );
  } finally {
    await app.close();
    await database.close();
  }
}
