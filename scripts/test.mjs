// `npm test`: unit and API tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set), then the
// browser flows against the built app. Ends with one "N passed, N failed" line for the whole run.
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
let failedSteps = 0;

function run(title, command, args, env = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failedSteps += 1;
  return result.status === 0;
}

function vitest(title, name, env, paths = []) {
  const output = path.join(reports, `${name}.json`);
  run(
    title,
    'npx',
    ['vitest', 'run', ...paths, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`],
    env,
  );
  try {
    const report = JSON.parse(readFileSync(output, 'utf8'));
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
    totals.skipped += report.numPendingTests + report.numTodoTests;
  } catch {
    totals.failed += 1;
  }
}

vitest('unit and API tests on PGlite', 'pglite', { TEST_DB: 'pglite' });
if (process.env.TEST_DATABASE_URL) {
  // The browser app's and the domain's tests touch no database: they ran once above.
  vitest('server tests on PostgreSQL', 'postgres', { TEST_DB: 'postgres' }, ['src/server/']);
} else {
  console.log('\nTEST_DATABASE_URL is not set: the PostgreSQL run is skipped (CI sets it).');
}

if (run('build', 'npm', ['run', 'build'])) {
  const output = path.join(reports, 'e2e.json');
  run('browser flows (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
  });
  try {
    const { stats } = JSON.parse(readFileSync(output, 'utf8'));
    totals.passed += stats.expected + stats.flaky;
    totals.failed += stats.unexpected;
    totals.skipped += stats.skipped;
  } catch {
    totals.failed += 1;
  }
} else {
  totals.failed += 1;
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failedSteps > 0 || totals.failed > 0 ? 1 : 0);
