// npm run bench:main-thread: the renderer's main-thread work for one cold load of each
// page (a fresh browser context, so nothing cached), read from Chromium's Performance
// metrics once the page has its data and is quiet. Small store (2,000 fields) on purpose:
// this measures the app's start and first draw, not the service. Writes
// bench/results/main-thread.md.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { tokenStorageKey } from '../src/api/session';
import { launchChromium } from './support/chromium';
import { buildAppAndService, startServer } from './support/processes';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 2_000);
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const TOKEN = 'bench-token-0123456789';
const PAGES = ['/fields', '/fields/1', '/audit'];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  if (!process.argv.includes('--no-build')) buildAppAndService();
  const service = await startServer('dist-server/main.mjs', [
    'start',
    '--no-build',
    '--port',
    '0',
    '--data',
    `bench/tmp/main-thread-${FIELDS}.sqlite`,
    '--demo-fields',
    String(FIELDS),
    '--demo-token',
    TOKEN,
  ]);
  const browser = await launchChromium();
  const rows: string[] = [];
  try {
    for (const path of PAGES) {
      const task: number[] = [];
      const script: number[] = [];
      // One load first warms the service's caches; it is not counted.
      for (let load = 0; load <= LOADS; load++) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        await context.addInitScript(([key, token]) => window.sessionStorage.setItem(key, token), [
          tokenStorageKey,
          TOKEN,
        ] as const);
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Performance.enable');
        await page.goto(`${service.url}${path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(500);
        const { metrics } = await cdp.send('Performance.getMetrics');
        const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
        if (load > 0) {
          task.push(metric('TaskDuration') * 1000);
          script.push(metric('ScriptDuration') * 1000);
        }
        await context.close();
      }
      const line = `| ${path} | ${median(task).toFixed(0)} ms | ${median(script).toFixed(0)} ms | ${task.map((t) => t.toFixed(0)).join(', ')} |`;
      console.log(`[bench:main-thread] ${line}`);
      rows.push(line);
    }
  } finally {
    await browser.close();
    await service.stop();
  }
  const report = [
    '# Main-thread work per cold load',
    '',
    `${new Date().toISOString()} · ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version} · ${FIELDS.toLocaleString('en')} demo fields · median of ${LOADS} cold loads each`,
    '',
    '| page | task (main thread) | script | each load, task |',
    '|---|---|---|---|',
    ...rows,
    '',
    'Chromium Performance metrics `TaskDuration` and `ScriptDuration` of the page, read once the page has its data (network idle) plus 500 ms. Each load is a new browser context, so nothing is cached; one load per page before the counted ones is not counted.',
    '',
  ].join('\n');
  writeFileSync('bench/results/main-thread.md', report);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
