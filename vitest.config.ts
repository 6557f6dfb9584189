import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Projects (decision 058). Both cores run the first three together: `unit` (the browser app, the
 * domain and the scripts, no database), `server` (the API on PostgreSQL, each file in a database of
 * its own) and `isolated` (below). Then `processes`, the files that start processes of their own
 * (servers, the command-line tools, embedded PostgreSQLs), three at a time: they spend much of their
 * time waiting for the processes they start (one at a time kept the machine a third idle; measured
 * alone on 29 Nov, two took 149 s, three 125 s, four 131 s), sharing modules between the files a
 * worker runs (importing afresh for each file: 165 s against 149 s, both with two). Last the
 * soak, alone: its load is the figure it judges.
 *
 * `unit` and `server` share modules between the files a worker runs (`isolate: false`): importing the server
 * afresh for every file cost four fifths of the run (922 s of imports against 168 s of tests for 17
 * files, measured side by side; 110 s of imports shared). Each file still gets its own database and
 * its own app, which is where a test's state lives.
 */
const SOAK_FILES = ['src/server/reliability/soak.test.ts'];
const PROCESS_FILES = [
  'src/server/reliability/**/*.test.ts',
  // The command-line tools, run as commands (their helpers' own tests, in folders, need no process).
  'src/server/cli/*.test.ts',
  'src/server/db/embedded-postgres.test.ts',
  'src/server/sessions/session-store.test.ts',
  'src/server/features/backup/move-pglite-to-postgres.test.ts',
  'src/server/features/backup/scheduled-backup.test.ts',
  'src/server/features/estimates/batch-create-crash.test.ts',
];
/**
 * Files that need modules of their own: one replaces a module (vi.mock), which a module already loaded
 * by an earlier file would escape; one checks what happens before zod is first loaded.
 */
const ISOLATED_FILES = [
  'src/server/features/estimates/batch-create.test.ts',
  'src/client/lib/zod-config.test.ts',
];
/** The run's PostgreSQL and its template database (test-postgres.ts). */
const DATABASE_SETUP = ['src/server/test-support/test-postgres.ts'];
/** The build the process tests' servers run, made current once before them (built-app.ts). */
const BUILD_SETUP = ['src/server/test-support/reliability/built-app.ts'];
/**
 * The process files that take longest (measured in CI, 29 Nov: 46, 41, 36, 35, 25, 20 and 18 s), started
 * first so that the slots end together. Without timings of its own, as in a fresh clone, Vitest
 * starts the largest files first, and two of these waited until the end, one after the other.
 */
const LONGEST_FIRST = [
  'src/server/reliability/job-queue.test.ts',
  'src/server/reliability/two-servers.test.ts',
  'src/server/cli/backup.test.ts',
  'src/server/reliability/crash-restart.test.ts',
  'src/server/features/backup/scheduled-backup.test.ts',
  'src/server/cli/create-admin.test.ts',
  'src/server/cli/seed-demo.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    // Stable: the rest keep Vitest's own order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

/** Both cores, also where Vitest's default (cores − 1) would leave one idle. */
const BOTH_CORES = 2;
/** The process files at a time: one more than the cores, as they wait on the processes they start. */
const PROCESS_SLOTS = 3;

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/client/**/*.test.{ts,tsx}', 'src/domain/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ISOLATED_FILES,
          maxWorkers: BOTH_CORES,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts'],
          exclude: [...PROCESS_FILES, ...ISOLATED_FILES],
          globalSetup: DATABASE_SETUP,
          maxWorkers: BOTH_CORES,
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: ISOLATED_FILES,
          globalSetup: DATABASE_SETUP,
          maxWorkers: BOTH_CORES,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'processes',
          include: PROCESS_FILES,
          exclude: SOAK_FILES,
          globalSetup: [...BUILD_SETUP, ...DATABASE_SETUP],
          maxWorkers: PROCESS_SLOTS,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'soak',
          include: SOAK_FILES,
          globalSetup: BUILD_SETUP,
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
