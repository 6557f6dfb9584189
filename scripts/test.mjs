// `npm test`: the build (once, first: the process tests and the browser flows run it), the unit and
// API tests (Vitest, on PostgreSQL: the embedded one, or TEST_DATABASE_URL's server), then the browser
// flows. Ends with the 10 slowest test files and one "N passed, N failed" line for the whole run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumIsInstalled, chromiumPath } from './chromium-path.mjs';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode('The test suite');
console.log(`Node.js ${process.version}`);

if (!chromiumIsInstalled()) {
  console.error(
    `The browser tests need Chromium at ${chromiumPath()}, and it is not there.\n` +
      'Install it with:  sudo apt-get install -y chromium   (Debian/Ubuntu)\n' +
      'or point CHROMIUM_PATH at an installed Chromium, then run npm test again.',
  );
  process.exit(1);
}

const reports = mkdtempSync(path.join(tmpdir(), 'shop-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Wall time of each test file, in ms, by its path. */
const fileTimes = new Map();
let failedSteps = 0;

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${title}: ${((Date.now() - started) / 1000).toFixed(0)} s ===`);
  if (result.status !== 0) failedSteps += 1;
  return result.status === 0;
}

/** The report a step wrote, or null (counted as a failure) when it wrote none. */
function readReport(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    totals.failed += 1;
    return null;
  }
}

const built = run('build', 'npm', ['run', 'build']);
if (!built) totals.failed += 1;

const vitestReport = path.join(reports, 'vitest.json');
run('unit and API tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readReport(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  for (const file of vitest.testResults) {
    fileTimes.set(path.relative(process.cwd(), file.name), file.endTime - file.startTime);
  }
}

if (built) {
  const e2eReport = path.join(reports, 'e2e.json');
  run('browser flows (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  });
  const e2e = readReport(e2eReport);
  if (e2e) {
    totals.passed += e2e.stats.expected + e2e.stats.flaky;
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
    for (const suite of e2e.suites) addSpecTimes(path.join('tests/e2e', suite.file), suite);
  }
}

/** A spec file's time: the sum of its tests' runs (they run one after another in one worker). */
function addSpecTimes(file, suite) {
  const tests = [...(suite.specs ?? []).flatMap((spec) => spec.tests)];
  const own = tests.flatMap((test) => test.results).reduce((sum, result) => sum + result.duration, 0);
  fileTimes.set(file, (fileTimes.get(file) ?? 0) + own);
  for (const child of suite.suites ?? []) addSpecTimes(file, child);
}

const slowest = [...fileTimes].sort((a, b) => b[1] - a[1]).slice(0, 10);
console.log('\nThe 10 slowest test files:');
for (const [file, ms] of slowest) console.log(`${(ms / 1000).toFixed(1).padStart(8)} s  ${file}`);

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps > 0 || totals.failed > 0 ? 1 : 0);
