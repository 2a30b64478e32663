import type { Browser } from '@playwright/test';
import type { BenchTarget } from './browser-measures';
import { signedInContext } from './browser-measures';
import { everythingDrawn } from './audit-page-measures';
import type { CpuProfile } from './profile-summary';
import { rendererCpuMs } from './renderer-cpu';

/** One request of the page: when it was sent, when its answer began and ended (ms since navigation). */
export interface RequestTiming {
  path: string;
  start: number;
  /** The server's time plus one round trip: the request sent to the answer's first byte. */
  waiting: number;
  end: number;
  bytes: number;
}

/** Where one cold load of /audit spent its time until every chart was drawn. */
export interface AuditLoadProfile {
  drawnAt: number;
  /**
   * CPU time of the browser's renderer processes from navigation to drawn: unlike
   * the times above, it does not grow when other work shares the machine's CPUs.
   */
  rendererCpuMs: number;
  requests: RequestTiming[];
  /** Chromium's own counters for the page's main thread, read once everything was drawn. */
  mainThread: { taskMs: number; scriptMs: number; layoutMs: number; styleMs: number };
  /** The renderer's JavaScript, sampled from before navigation to the drawn frame. */
  profile: CpuProfile;
}

/**
 * One cold load of /audit (a new context, empty cache) with Chromium's sampling
 * profiler and Performance counters on, timed to the same "every chart drawn" frame
 * as the benchmark.
 */
export async function profileAuditLoad(
  browser: Browser,
  target: BenchTarget,
): Promise<AuditLoadProfile> {
  const context = await signedInContext(browser, target);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  const cpuBefore = await rendererCpuMs(browser);
  await page.goto('/audit');
  const drawnAt = (await page.evaluate(
    `window.__bench.paintedWhen(${everythingDrawn}, 60000)`,
  )) as number;
  const cpuUntilDrawn = Math.round((await rendererCpuMs(browser)) - cpuBefore);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile };
  const { metrics } = await cdp.send('Performance.getMetrics');
  const metric = (name: string) =>
    Math.round((metrics.find((entry) => entry.name === name)?.value ?? 0) * 1000);
  const requests = (await page.evaluate(`(() => performance.getEntriesByType('resource')
    .filter((entry) => entry.startTime <= ${drawnAt})
    .map((entry) => ({
      path: new URL(entry.name).pathname.replace(/-[A-Za-z0-9_-]{8}\\.(js|css)$/, '.$1'),
      start: Math.round(entry.startTime),
      waiting: Math.round(entry.responseStart - entry.requestStart),
      end: Math.round(entry.responseEnd),
      bytes: entry.transferSize,
    })))()`)) as RequestTiming[];
  await context.close();
  return {
    drawnAt,
    rendererCpuMs: cpuUntilDrawn,
    requests,
    mainThread: {
      taskMs: metric('TaskDuration'),
      scriptMs: metric('ScriptDuration'),
      layoutMs: metric('LayoutDuration'),
      styleMs: metric('RecalcStyleDuration'),
    },
    profile,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** The requests of the loads, each by its median start, wait and end. */
export function waterfall(loads: AuditLoadProfile[]): string[] {
  const paths = [...new Set(loads.flatMap((load) => load.requests.map((entry) => entry.path)))];
  const of = (path: string, pick: (entry: RequestTiming) => number) =>
    median(loads.flatMap((load) => load.requests.filter((entry) => entry.path === path).map(pick)));
  return paths
    .map((path) => ({
      path,
      start: of(path, (entry) => entry.start),
      waiting: of(path, (entry) => entry.waiting),
      end: of(path, (entry) => entry.end),
    }))
    .sort((a, b) => a.start - b.start)
    .map((entry) => `| ${entry.path} | ${entry.start} | ${entry.waiting} | ${entry.end} |`);
}

/**
 * Self time of the renderer's samples by function (with its script), over every
 * load, as a share of the busy time: what the main thread did until drawn.
 */
export function rendererHotspots(loads: AuditLoadProfile[], top = 20): string[] {
  const self = new Map<string, number>();
  let busy = 0;
  for (const { profile } of loads) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, index) => {
      const micros = profile.timeDeltas[index] ?? 0;
      const { functionName, url, lineNumber, columnNumber = 0 } = byId.get(id)!.callFrame;
      if (functionName === '(idle)') return;
      busy += micros;
      const file = (url.split('/').pop() ?? '').replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js');
      const where = file ? ` ${file}:${lineNumber + 1}:${columnNumber + 1}` : '';
      const name = `${functionName || '(anonymous)'}${where}`;
      self.set(name, (self.get(name) ?? 0) + micros);
    });
  }
  const perLoad = (micros: number) => `${Math.round(micros / 1000 / loads.length)} ms`;
  return [
    `busy ${perLoad(busy)} a load`,
    ...[...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `  ${perLoad(micros).padStart(7)}  ${name}`),
  ];
}

/** Self time by script file: the app's chunks, and what the browser did outside them. */
export function rendererByScript(loads: AuditLoadProfile[]): string[] {
  const byFile = new Map<string, number>();
  for (const { profile } of loads) {
    const byId = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, index) => {
      const { functionName, url } = byId.get(id)!.callFrame;
      if (functionName === '(idle)') return;
      const file =
        (url.split('/').pop() ?? '').replace(/-[A-Za-z0-9_-]{8}\.js$/, '.js') || functionName;
      byFile.set(file, (byFile.get(file) ?? 0) + (profile.timeDeltas[index] ?? 0));
    });
  }
  return [...byFile]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 12)
    .map(
      ([file, micros]) =>
        `  ${`${Math.round(micros / 1000 / loads.length)} ms`.padStart(7)}  ${file}`,
    );
}

export function mainThreadMedians(loads: AuditLoadProfile[]) {
  const of = (key: keyof AuditLoadProfile['mainThread']) =>
    median(loads.map((load) => load.mainThread[key]));
  return {
    drawnMs: Math.round(median(loads.map((load) => load.drawnAt))),
    rendererCpuMs: median(loads.map((load) => load.rendererCpuMs)),
    apiRequests: median(
      loads.map((load) => load.requests.filter((entry) => entry.path.startsWith('/api/')).length),
    ),
    taskMs: of('taskMs'),
    scriptMs: of('scriptMs'),
    layoutMs: of('layoutMs'),
    styleMs: of('styleMs'),
  };
}
