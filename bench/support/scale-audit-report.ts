import { readFileSync, writeFileSync } from 'node:fs';
import type { LoadResult } from './load';

export interface PhaseQuery {
  label: string;
  result: LoadResult;
  /**
   * The id of the scan the audit's status showed running just before and just after
   * the measurement, or null when none ran.
   */
  runningScan: { before: number | null; after: number | null };
}

export interface ScaleAuditRow {
  fields: number;
  /** The first full scan, from its start to its end, as the audit recorded it. */
  scanMs: number;
  /** From the start of the process to its first search answered (the index read back). */
  indexReadyMs: number;
  /** Every request the audit page sends when it opens, asked at once, until all answered. */
  auditPageMs: number;
  duringScan: PhaseQuery[];
  afterScan: PhaseQuery[];
  memoryMb: {
    /** Once the service listens, the scan just begun, the search index not yet read. */
    atStart: number;
    /**
     * Once the first search was answered (the index read back), the scan seconds in:
     * the service alone and the scan's first seconds, so at most the service's own.
     */
    indexReady: number;
    peakDuringScan: number;
    /** The peak until the audit page's requests were answered, after the scan. */
    peakThroughAuditPage: number;
    /** After the scan completed and the audit page's answers were asked for. */
    afterFindings: number;
    afterQueries: number;
    /** After a full garbage collection of every thread, through the inspector. */
    afterForcedGc: number;
  };
  /**
   * Restarted on the scanned audit file, its findings made at start and asked for,
   * after a second of each query; and whether a scan ran then (it should not).
   */
  restartedMb: { asFound: number; afterForcedGc: number; scanRunning: boolean };
  loadAverage: { before: number[]; after: number[] };
}

export interface ScaleAuditBench {
  date: string;
  commit: string;
  machine: string;
  seconds: number;
  warmUpSeconds: number;
  rows: ScaleAuditRow[];
}

export const phases = [
  { key: 'duringScan', title: 'while the first full scan runs' },
  { key: 'afterScan', title: 'after it completed and the audit page was asked' },
] as const;
type PhaseKey = (typeof phases)[number]['key'];

/**
 * Whether a measurement lies wholly in its phase: within one scan that ran from just
 * before it to just after it, or with no scan at either end. One a scan's end (or
 * start) crossed measured partly the other phase, so its ratio says nothing.
 */
export function measuredWithinPhase(phase: PhaseKey, { runningScan }: PhaseQuery): boolean {
  const { before, after } = runningScan;
  return phase === 'duringScan'
    ? before !== null && before === after
    : before === null && after === null;
}

const targets = {
  /** Each 50-row query's cost at 1,000,000 fields over its cost at 100,000. */
  costRatio: 1.5,
  /** Resident memory after a full scan and its findings. */
  afterFindingsMb: { 100_000: 500, 1_000_000: 2048 } as Record<number, number>,
  /** The service alone. */
  serviceAloneMb: { 1_000_000: 1024 } as Record<number, number>,
};

export interface CostRatio {
  label: string;
  phase: PhaseKey;
  /** Requests a second at 100,000 over those at 1,000,000. */
  byRate: number;
  /** The main thread's CPU time per request at 1,000,000 over that at 100,000. */
  byCpu: number | undefined;
  /** The sizes whose measurement does not lie wholly in the phase: not to be judged. */
  outsidePhase: number[];
}

/** Each query's cost at the large size over the base size, in each phase. */
export function costRatios(base: ScaleAuditRow, large: ScaleAuditRow): CostRatio[] {
  return phases.flatMap(({ key }) =>
    large[key].map((largeQuery) => {
      const { label, result } = largeQuery;
      const baseQuery = base[key].find((query) => query.label === label)!;
      const before = baseQuery.result;
      const cpuBefore = before.mainThreadCpuMsPerRequest;
      const cpuAfter = result.mainThreadCpuMsPerRequest;
      const sizes: Array<[ScaleAuditRow, PhaseQuery]> = [
        [base, baseQuery],
        [large, largeQuery],
      ];
      return {
        label,
        phase: key,
        byRate: before.requestsPerSecond / result.requestsPerSecond,
        byCpu: cpuBefore && cpuAfter ? cpuAfter / cpuBefore : undefined,
        outsidePhase: sizes
          .filter(([, query]) => !measuredWithinPhase(key, query))
          .map(([row]) => row.fields),
      };
    }),
  );
}

const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
const size = (fields: number) => fields.toLocaleString('en');
const rate = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const ms = (value: number | undefined) => (value === undefined ? '–' : value.toFixed(3));
const scanName = (id: number | null) => (id === null ? 'none' : `#${id}`);
const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(', ');

function ratioVerdict(byRate: number, byCpu: number | undefined): string {
  const rateMet = byRate <= targets.costRatio;
  if (byCpu === undefined) return verdict(rateMet);
  const cpuMet = byCpu <= targets.costRatio;
  if (rateMet && cpuMet) return 'met';
  if (cpuMet) return 'met by CPU time, **missed** by rate';
  return rateMet ? 'met by rate, **missed** by CPU time' : '**missed**';
}

function ratioChecks(rows: ScaleAuditRow[]): string[] {
  const base = rows.find((row) => row.fields === 100_000);
  const large = rows.find((row) => row.fields === 1_000_000);
  if (!base || !large) {
    return [
      `- 1,000,000 fields against 100,000: **not measured** in this run (sizes ${rows.map((row) => size(row.fields)).join(', ') || 'none'})`,
    ];
  }
  return costRatios(base, large).map(({ label, phase, byRate, byCpu, outsidePhase }) => {
    const title = phases.find((each) => each.key === phase)!.title;
    // The rate moves with whatever else runs on the machine; the CPU time per request far less.
    const cpu =
      byCpu === undefined ? '' : `, by the main thread's CPU time per request ${byCpu.toFixed(2)}×`;
    const verdictText =
      outsidePhase.length === 0
        ? ratioVerdict(byRate, byCpu)
        : `**not judged**: a scan started or ended during the measurement at ${outsidePhase.map(size).join(' and ')} fields`;
    return `- ${label}, ${title}: 1,000,000/100,000 cost by rate ${byRate.toFixed(2)}×${cpu} (target at most ${targets.costRatio}×): ${verdictText}`;
  });
}

function memoryChecks(rows: ScaleAuditRow[]): string[] {
  const lines: string[] = [];
  for (const row of rows) {
    const limit = targets.afterFindingsMb[row.fields];
    if (limit !== undefined) {
      lines.push(
        `- ${size(row.fields)} fields, resident memory after the full scan and its findings: ${row.memoryMb.afterFindings} MB, ${row.memoryMb.afterForcedGc} MB after a forced collection (target under ${limit} MB): ${verdict(row.memoryMb.afterFindings < limit)}`,
      );
    }
    const aloneLimit = targets.serviceAloneMb[row.fields];
    if (aloneLimit !== undefined) {
      lines.push(
        `- ${size(row.fields)} fields, the service alone (at most: once its index was read back, with the scan's first seconds): ${row.memoryMb.indexReady} MB (target under ${aloneLimit} MB): ${verdict(row.memoryMb.indexReady < aloneLimit)}`,
      );
    }
  }
  return lines;
}

function phaseTable(rows: ScaleAuditRow[], phase: (typeof phases)[number]): string[] {
  const lines = [
    `### ${phase.title[0]!.toUpperCase()}${phase.title.slice(1)}`,
    '',
    '| fields | 50-row query | req/s | median ms | p99 ms | main thread CPU ms per request | process CPU ms per request | running scan before, after |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    for (const { label, result, runningScan } of row[phase.key]) {
      lines.push(
        `| ${size(row.fields)} | ${label} | ${rate(result.requestsPerSecond)} | ${result.medianMs} | ${result.p99Ms} | ${ms(result.mainThreadCpuMsPerRequest)} | ${ms(result.cpuMsPerRequest)} | ${scanName(runningScan.before)}, ${scanName(runningScan.after)} |`,
      );
    }
  }
  return lines;
}

function memoryTable(rows: ScaleAuditRow[]): string[] {
  return [
    '| fields | once listening | once the index was read back | peak until the scan ended; until the audit page was answered | after the scan and the audit page | after the queries | after a forced collection | restarted on the scanned audit, its findings made; after a forced collection | first search answered | first full scan | audit page answered in | load average before; after |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows.map(
      (row) =>
        `| ${size(row.fields)} | ${row.memoryMb.atStart} MB | ${row.memoryMb.indexReady} MB | ${row.memoryMb.peakDuringScan} MB; ${row.memoryMb.peakThroughAuditPage} MB | ${row.memoryMb.afterFindings} MB | ${row.memoryMb.afterQueries} MB | ${row.memoryMb.afterForcedGc} MB | ${row.restartedMb.asFound} MB; ${row.restartedMb.afterForcedGc} MB${row.restartedMb.scanRunning ? ' (a scan ran)' : ''} | ${row.indexReadyMs} ms | ${(row.scanMs / 1000).toFixed(1)} s | ${row.auditPageMs} ms | ${load(row.loadAverage.before)}; ${load(row.loadAverage.after)} |`,
    ),
  ];
}

export function scaleAuditMarkdown(bench: ScaleAuditBench): string {
  return [
    '# Searches at scale while the audit scans, over HTTP',
    '',
    `Code ${bench.commit}, ${bench.date}, ${bench.machine}. \`BENCH_PART=scale-audit npm run bench:service\` (bench/support/scale-audit.ts): at each size the built service (\`dist-server/main.mjs start\`) on the benchmark's demo store, its search index read back from the saved file, with a fresh audit file, so the audit's first full scan starts with it. Each 50-row query of the service benchmark over HTTP (autocannon on loopback; each of its different requests asked once, so that the rows its answers hold were read once at either size, then ${bench.warmUpSeconds} s warm-up and ${bench.seconds} s measured): while that scan runs, each query on a start of its own once its first search was answered, so in the first seconds of its scan; and, on one more start, after its scan completed and every request the audit page sends when it opens was answered (status, findings, trend, scans, statistics). The running scan is asked of \`GET /api/audit/v1/status\` just before and just after each measurement; a ratio from a measurement a scan's start or end crossed is not judged. CPU time per request is from /proc: the main thread's (the one that answers requests; the scan runs on the audit's worker threads) and the whole process's. Resident memory is the service process's, sampled every 200 ms for the peak; the forced collection runs a full garbage collection on every thread through the inspector, opened only then (SIGUSR1).`,
    '',
    '## Targets',
    ...ratioChecks(bench.rows),
    ...memoryChecks(bench.rows),
    '',
    '## Measurements',
    '',
    ...phases.flatMap((phase) => [...phaseTable(bench.rows, phase), '']),
    '### Resident memory of the service process',
    '',
    ...memoryTable(bench.rows),
    '',
  ].join('\n');
}

/** Writes bench/results/service-scale-audit.md and .json; returns the Markdown. */
export function writeScaleAuditReport(bench: ScaleAuditBench): string {
  const notes = readFileSync('bench/support/scale-audit-where-the-time-goes.md', 'utf8');
  const markdown = `${scaleAuditMarkdown(bench)}\n${notes.trim()}\n`;
  writeFileSync('bench/results/service-scale-audit.md', markdown);
  writeFileSync('bench/results/service-scale-audit.json', `${JSON.stringify(bench, null, 2)}\n`);
  return markdown;
}
