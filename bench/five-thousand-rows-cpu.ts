// npx tsx bench/five-thousand-rows-cpu.ts: choosing 5,000 in "Rows per page", traced.
// For each choice, the renderer main thread's CPU time (its tasks' thread time in
// Chromium's trace) from the change event to the frame with the rows, split where the
// answer's last byte arrived, and the clock's time after it. CPU time moves far less
// with other work on the machine than the clock's figures of `npm run bench:browser`,
// so two builds compare on a busy machine: run it in a checkout of each, in turns.
// BENCH_CHOICES (6) counted choices after one that warms up; BENCH_NO_BUILD=1 serves
// the build in dist. The browser benchmark's store, token and probe (bench/browser.ts).
import type { Browser } from '@playwright/test';
import { openFields, signedInContext } from './support/browser-measures';
import {
  BENCH_TOKEN,
  browserStoreFile,
  startBrowserBenchService,
} from './support/browser-bench-service';
import { launchChromium } from './support/chromium';
import { buildAppAndService } from './support/processes';
import { existsSync } from 'node:fs';

const FIELDS = 100_000;
const CHOICES = Number(process.env.BENCH_CHOICES ?? 6);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { type?: string } };
}

interface Choice {
  clockMs: number;
  cpuBeforeAnswerMs: number;
  cpuAfterAnswerMs: number;
  clockAfterAnswerMs: number;
}

const taskName = 'ThreadControllerImpl::RunTask';

/** The main thread's outermost tasks: a task may run others inside it. */
function outermost(tasks: TraceEvent[]): TraceEvent[] {
  const ends = (task: TraceEvent) => task.ts + (task.dur ?? 0);
  return tasks.filter(
    (task) =>
      !tasks.some(
        (other) =>
          other !== task &&
          other.ts <= task.ts &&
          ends(other) >= ends(task) &&
          (other.dur ?? 0) > (task.dur ?? 0),
      ),
  );
}

function readChoice(events: TraceEvent[], clockMs: number): Choice {
  const change = events.find(
    (event) => event.name === 'EventDispatch' && event.args?.data?.type === 'change',
  );
  if (!change) throw new Error('the trace has no change event');
  const start = change.ts;
  const end = start + clockMs * 1000;
  const answerEnd = events.find((event) => event.name === 'ResourceFinish' && event.ts > start);
  if (!answerEnd) throw new Error("the trace has no end of the search's answer");
  const tasks = outermost(
    events.filter(
      (event) =>
        event.pid === change.pid &&
        event.tid === change.tid &&
        event.ph === 'X' &&
        event.name === taskName &&
        event.ts + (event.dur ?? 0) >= start &&
        event.ts < end,
    ),
  );
  let before = 0;
  let after = 0;
  for (const task of tasks) {
    const duration = task.dur ?? 0;
    const from = Math.max(task.ts, start);
    // The part of a task inside the window, at the task's own ratio of CPU to clock.
    const inside = duration === 0 ? 1 : (Math.min(task.ts + duration, end) - from) / duration;
    const cpu = (task.tdur ?? duration) * inside;
    if (from < answerEnd.ts) before += cpu;
    else after += cpu;
  }
  return {
    clockMs,
    cpuBeforeAnswerMs: before / 1000,
    cpuAfterAnswerMs: after / 1000,
    clockAfterAnswerMs: (end - answerEnd.ts) / 1000,
  };
}

async function traceChoice(browser: Browser, url: string): Promise<Choice> {
  const target = { url, token: BENCH_TOKEN, fields: FIELDS, shown: 0 };
  const context = await signedInContext(browser, target);
  try {
    const page = await openFields(context);
    // The first screen's later work (names, the pager) done before the choice.
    await page.waitForTimeout(800);
    const cdp = await context.newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) =>
      events.push(...(value as unknown as TraceEvent[])),
    );
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      traceConfig: { includedCategories: ['devtools.timeline', 'toplevel'] },
      transferMode: 'ReportEvents',
    });
    const painted = page.evaluate(
      'window.__bench.paintedWhen(() => window.__bench.showsRows(5000))',
    ) as Promise<number>;
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('5000');
    const paintedAt = await painted;
    const changeAt = (await page.evaluate('window.__bench.changeAt')) as number;
    await cdp.send('Tracing.end');
    await complete;
    return readChoice(events, paintedAt - changeAt);
  } finally {
    await context.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

async function main() {
  if (!existsSync(browserStoreFile(FIELDS)))
    throw new Error('no store yet: run npm run bench:browser once');
  if (process.env.BENCH_NO_BUILD !== '1') buildAppAndService();
  const service = await startBrowserBenchService(FIELDS, '0');
  const browser = await launchChromium();
  const choices: Choice[] = [];
  try {
    for (let choice = 0; choice <= CHOICES; choice++) {
      const traced = await traceChoice(browser, service.url);
      // The first warms the server's and the browser's code paths; it is not counted.
      if (choice > 0) choices.push(traced);
    }
  } finally {
    await browser.close();
    await service.stop();
  }
  const figure = (key: keyof Choice) => median(choices.map((choice) => choice[key])).toFixed(1);
  console.log(
    `5,000 rows, median of ${choices.length}: choice to rows ${figure('clockMs')} ms; main-thread CPU before the answer's end ${figure('cpuBeforeAnswerMs')} ms, after it ${figure('cpuAfterAnswerMs')} ms; clock after the answer's end ${figure('clockAfterAnswerMs')} ms`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
