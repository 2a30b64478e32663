// Runs every check of the project and ends with one line: "N passed, N failed[, N skipped]".
// Lint, formatting and type checking count as one check each; Vitest and Playwright
// count their tests from their JSON reports. Where the time goes: bench/results/test-suite.md.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { setPriority } from 'node:os';

const reportDir = 'test-results/reports';
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const startedAt = performance.now();
/** When each part ended, in seconds from the start: where the run's wall time went. */
const finishedAfter = {};
const markFinished = (label) =>
  (finishedAfter[label] = Math.round((performance.now() - startedAt) / 1000));
const failures = [];

function fail(label) {
  totals.failed += 1;
  failures.push(label);
}

/** Runs a child (and what it starts later) at a lower priority: 19 is the lowest. */
function lowerPriority(child, priority) {
  if (priority === 0) return;
  try {
    setPriority(child.pid, priority);
  } catch {
    // Priority is an optimisation: a system that refuses it still runs the check.
  }
}

/**
 * Starts a command with its output kept until it ends, at the given priority (19 is
 * the lowest): checks that run beside the test runners print as one block instead of
 * mixing their lines with the runners'.
 */
function startQuietly(label, command, args, { priority = 0 } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('spawn', () => lowerPriority(child, priority));
    child.once('error', (error) =>
      resolve({ label, command, args, ok: false, output: `${error}` }),
    );
    child.once('close', (code) => {
      markFinished(label);
      resolve({ label, command, args, ok: code === 0, output });
    });
  });
}

/** Starts a command whose output goes straight to the terminal. */
function startLive(label, command, args, { env = {}, priority = 0 } = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('spawn', () => lowerPriority(child, priority));
    child.once('error', () => resolve(false));
    child.once('close', (code) => {
      markFinished(label);
      resolve(code === 0);
    });
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
  startQuietly('lint', bin('oxlint'), ['--max-warnings', '0'], { priority: 19 }),
  startQuietly('format', bin('oxfmt'), ['--check'], { priority: 19 }),
  // TypeScript 7, the native compiler: about a quarter of TypeScript 6's CPU time.
  // TypeScript 6 stays installed for editors, which need its language service.
  // On one thread: it runs on the CPU the test runners leave idle, where its parallel
  // checkers only add work (about 11 CPU-seconds instead of 21 on a busy machine).
  startQuietly(
    'typecheck',
    'node',
    [
      'node_modules/typescript-native/bin/tsc',
      ...['--noEmit', '--singleThreaded', '-p', 'tsconfig.json'],
    ],
    { priority: 19 },
  ),
];

// Vitest and Playwright run at the same time: Vitest keeps one core busy, Playwright
// two, and run one after the other each left a core idle for part of its run
// (bench/results/test-suite.md). Vitest's lines are printed when it ends;
// Playwright's global setup builds the web app and the service first.
// Playwright (with its browsers and servers) runs at a lower priority than Vitest:
// Vitest's one process then ends first, and Playwright's two workers keep both cores
// busy to the end, where the other way round Vitest ran on one core for its last
// 20 seconds or so.
const vitestReport = `${reportDir}/vitest.json`;
const vitestRun = startQuietly('vitest', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);

const playwrightReport = `${reportDir}/playwright.json`;
const playwrightOk = await startLive(
  'playwright',
  bin('playwright'),
  ['test', '--reporter=list,json'],
  { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport }, priority: 10 },
);
const playwright = existsSync(playwrightReport) ? readJson(playwrightReport) : undefined;
if (playwright?.stats) {
  const { expected, unexpected, flaky, skipped } = playwright.stats;
  totals.passed += expected + flaky;
  totals.failed += unexpected;
  totals.skipped += skipped;
  if (!playwrightOk && unexpected === 0) fail('playwright (did not complete)');
  else if (unexpected > 0) failures.push('playwright');
} else fail('playwright (no report)');

const vitestRan = await vitestRun;
console.log(`\n=== vitest: ${vitestRan.command} ${vitestRan.args.join(' ')}`);
process.stdout.write(vitestRan.output);
const vitest = readJson(vitestReport);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + vitest.numTodoTests;
  // A suite that fails to load has no failed tests but still fails the run.
  if (!vitestRan.ok && vitest.numFailedTests === 0) fail('vitest (a test file failed to load)');
  else if (vitest.numFailedTests > 0) failures.push('vitest');
} else fail('vitest (no report)');

for (const { label, command, args, ok, output } of await Promise.all(backgroundChecks)) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  process.stdout.write(output || (ok ? 'ok\n' : ''));
  if (ok) totals.passed += 1;
  else fail(label);
}

const endings = Object.entries(finishedAfter).sort(([, a], [, b]) => a - b);
console.log(`\nFinished after: ${endings.map(([label, at]) => `${label} ${at} s`).join(', ')}`);
if (failures.length > 0) console.log(`\nFailed: ${failures.join(', ')}`);
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`\n${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(totals.failed > 0 ? 1 : 0);
