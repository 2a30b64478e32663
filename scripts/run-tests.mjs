// Runs every check of the project and ends with one line: "N passed, N failed[, N skipped]".
// Lint, formatting and type checking count as one check each; Vitest and Playwright
// count their tests from their JSON reports. Where the time goes: docs/testing.md.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';

const reportDir = 'test-results/reports';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function fail(label) {
  totals.failed += 1;
  failures.push(label);
}

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

/**
 * Starts a command in the background at the lowest priority, its output kept until
 * it ends. Lint, formatting, types and the web build use only the CPU that Vitest
 * leaves idle (it runs on one core) instead of running before it.
 */
function startInBackground(label, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('spawn', () => {
      try {
        setPriority(child.pid, 19);
      } catch {
        // Priority is an optimisation: a system that refuses it still runs the check.
      }
    });
    child.once('error', (error) =>
      resolve({ label, command, args, ok: false, output: `${error}` }),
    );
    child.once('close', (code) => resolve({ label, command, args, ok: code === 0, output }));
  });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

const bin = (name) => `node_modules/.bin/${name}`;
const backgroundChecks = [
  startInBackground('lint', bin('eslint'), ['--max-warnings', '0', '.']),
  startInBackground('format', bin('prettier'), ['--check', '.']),
  // TypeScript 7, the native compiler: about a quarter of TypeScript 6's CPU time.
  // TypeScript 6 stays installed for typescript-eslint, which needs its compiler API.
  startInBackground('typecheck', 'node', [
    'node_modules/typescript-native/bin/tsc',
    '--noEmit',
    '-p',
    'tsconfig.json',
  ]),
];

// The browser tests' global setup builds the web app unless a build newer than its
// sources exists: building it here, beside Vitest, takes that step off the path.
const webBuild = startInBackground('web build', 'node', [
  'node_modules/vite/bin/vite.js',
  'build',
  '--logLevel',
  'warn',
]);

const vitestReport = `${reportDir}/vitest.json`;
const vitestOk = run('vitest', bin('vitest'), [
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
  if (!vitestOk && vitest.numFailedTests === 0) fail('vitest (a test file failed to load)');
  else if (vitest.numFailedTests > 0) failures.push('vitest');
} else fail('vitest (no report)');

// Not a check of its own: when it failed, the browser tests' setup builds again and
// fails with the same message.
const built = await webBuild;
if (!built.ok) process.stdout.write(built.output);

const playwrightReport = `${reportDir}/playwright.json`;
const playwrightOk = run('playwright', bin('playwright'), ['test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
const playwright = existsSync(playwrightReport) ? readJson(playwrightReport) : undefined;
if (playwright?.stats) {
  const { expected, unexpected, flaky, skipped } = playwright.stats;
  totals.passed += expected + flaky;
  totals.failed += unexpected;
  totals.skipped += skipped;
  if (!playwrightOk && unexpected === 0) fail('playwright (did not complete)');
  else if (unexpected > 0) failures.push('playwright');
} else fail('playwright (no report)');

for (const { label, command, args, ok, output } of await Promise.all(backgroundChecks)) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  process.stdout.write(output || (ok ? 'ok\n' : ''));
  if (ok) totals.passed += 1;
  else fail(label);
}

if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
