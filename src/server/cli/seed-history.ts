import { createObjectStore } from '#server/adapters/object-store/create-object-store.ts';
import { loadConfig } from '#server/config.ts';
import { readHistoryArguments } from './history/history-arguments.ts';
import { historyPlan } from './history/history-plan.ts';
import {
  HISTORY_PASSWORD,
  HISTORY_STAFF_EMAIL,
  ShopNotEmptyError,
  seedHistory,
} from './history/seed-history.ts';
import { runWithDatabase, UsageError } from './with-database.ts';

// `npm run seed:history -- --years 10`: a decade of a busy shop in an empty database, for measuring
// (npm run bench -- --history) and for backups at size. See docs/PERFORMANCE.md.
await runWithDatabase(
  () => readHistoryArguments(process.argv.slice(2)),
  async ({ db }, options) => {
    const plan = historyPlan(options);
    const store = await createObjectStore(loadConfig());
    const seeded = await seedHistory({ db, store }, plan, { progress: (line) => console.log(line) }).catch(
      (error: unknown) => {
        throw error instanceof ShopNotEmptyError ? new UsageError(error.message) : error;
      },
    );
    console.log(
      `History shop created: ${seeded.customers} customers, ${seeded.estimates} estimates, ${seeded.messages} messages, ${seeded.photos} photos.`,
    );
    console.log(
      `Rows in ${seeded.rowsSeconds.toFixed(1)} s, photo files in ${seeded.filesSeconds.toFixed(1)} s.`,
    );
    console.log(
      `Staff: ${HISTORY_STAFF_EMAIL}; customers: customer1@history.example and on; password ${HISTORY_PASSWORD}`,
    );
  },
);
