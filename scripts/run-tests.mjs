// Runs every check of the project and ends with one line: "N passed, N failed[, N skipped]".
// Lint, formatting and type checking count as one check each; Vitest and Playwright
// count their tests from their JSON reports.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const reportDir = 'test-results/reports';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function check(label, command, args) {
  if (run(label, command, args)) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

check('lint', 'npx', ['eslint', '--max-warnings', '0', '.']);
check('format', 'npx', ['prettier', '--check', '.']);
check('typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);

const vitestReport = `${reportDir}/vitest.json`;
const vitestOk = run('vitest', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  // A suite that fails to load has no failed tests but still fails the run.
  if (!vitestOk && vitest.numFailedTests === 0) {
    totals.failed += 1;
    failures.push('vitest (a test file failed to load)');
  } else if (vitest.numFailedTests > 0) failures.push('vitest');
} else {
  totals.failed += 1;
  failures.push('vitest (no report)');
}

const playwrightReport = `${reportDir}/playwright.json`;
const playwrightOk = run('playwright', 'npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
const playwright = existsSync(playwrightReport) ? readJson(playwrightReport) : undefined;
if (playwright?.stats) {
  const { expected, unexpected, flaky, skipped } = playwright.stats;
  totals.passed += expected + flaky;
  totals.failed += unexpected;
  totals.skipped += skipped;
  if (!playwrightOk && unexpected === 0) {
    totals.failed += 1;
    failures.push('playwright (did not complete)');
  } else if (unexpected > 0) failures.push('playwright');
} else {
  totals.failed += 1;
  failures.push('playwright (no report)');
}

if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
