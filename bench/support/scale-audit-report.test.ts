import { describe, expect, it } from 'vitest';
import type { LoadResult } from './load';
import type { PhaseQuery, ScaleAuditBench, ScaleAuditRow } from './scale-audit-report';
import { costRatios, scaleAuditMarkdown } from './scale-audit-report';

const result = (requestsPerSecond: number, mainThreadCpuMsPerRequest: number): LoadResult => ({
  requestsPerSecond,
  medianMs: 1,
  p99Ms: 3,
  requests: requestsPerSecond * 5,
  errors: 0,
  non2xx: 0,
  cpuMsPerRequest: mainThreadCpuMsPerRequest * 1.5,
  mainThreadCpuMsPerRequest,
});

/** A query measured wholly within scan 1 (the default), with none running, or as given. */
const query = (
  label: string,
  load: LoadResult,
  runningScan: PhaseQuery['runningScan'] | false = { before: 1, after: 1 },
): PhaseQuery => ({
  label,
  result: load,
  runningScan: runningScan || { before: null, after: null },
});

const row = (fields: number, during: PhaseQuery[], after: PhaseQuery[]): ScaleAuditRow => ({
  fields,
  scanMs: 40_000,
  indexReadyMs: 900,
  auditPageMs: 120,
  duringScan: during,
  afterScan: after,
  memoryMb: {
    atStart: 90,
    indexReady: 600,
    peakDuringScan: 1900,
    peakThroughAuditPage: 2100,
    afterFindings: 1500,
    afterQueries: 1550,
    afterForcedGc: 900,
  },
  restartedMb: { asFound: 1400, afterForcedGc: 1100, scanRunning: false },
  loadAverage: { before: [2, 3, 4], after: [3, 3, 4] },
});

/**
 * At 100,000 fields every query costs 0.1 ms; at 1,000,000 one meets, one misses by rate
 * only, one misses. The scan's end crossed "dependents" while the scan ran at 100,000
 * fields, and a scan ran through "dependents" after it at 1,000,000.
 */
const bench: ScaleAuditBench = {
  date: '2026-01-01T00:00:00.000Z',
  commit: 'abc1234',
  machine: '2 × CPU',
  seconds: 5,
  warmUpSeconds: 1,
  rows: [
    row(
      100_000,
      [
        query('sorted', result(8000, 0.1)),
        query('substring', result(6000, 0.1), { before: 3, after: 3 }),
        query('dependents', result(9000, 0.1), { before: 1, after: null }),
      ],
      [query('sorted', result(8000, 0.1), false), query('dependents', result(9000, 0.1), false)],
    ),
    row(
      1_000_000,
      [
        query('sorted', result(4000, 0.12)),
        query('substring', result(3000, 0.2)),
        query('dependents', result(8000, 0.1)),
      ],
      [
        query('sorted', result(7000, 0.11), false),
        query('dependents', result(9000, 0.1), { before: 2, after: 2 }),
      ],
    ),
  ],
};

describe('the scale-audit report', () => {
  it('divides each query’s cost at 1,000,000 fields by its cost at 100,000, in each phase', () => {
    const ratios = costRatios(bench.rows[0]!, bench.rows[1]!);
    expect(ratios.map(({ label, phase }) => `${phase} ${label}`)).toEqual([
      'duringScan sorted',
      'duringScan substring',
      'duringScan dependents',
      'afterScan sorted',
      'afterScan dependents',
    ]);
    expect(ratios[0]!.byRate).toBeCloseTo(2);
    expect(ratios[0]!.byCpu).toBeCloseTo(1.2);
    expect(ratios[1]!.byRate).toBeCloseTo(2);
    expect(ratios[1]!.byCpu).toBeCloseTo(2);
    expect(ratios[3]!.byRate).toBeCloseTo(8 / 7);
  });

  it('says which target each ratio and each memory figure met, and whether a scan ran', () => {
    const lines = scaleAuditMarkdown(bench).split('\n');
    expect(lines).toContain(
      "- sorted, while the first full scan runs: 1,000,000/100,000 cost by rate 2.00×, by the main thread's CPU time per request 1.20× (target at most 1.5×): met by CPU time, **missed** by rate",
    );
    expect(lines).toContain(
      "- substring, while the first full scan runs: 1,000,000/100,000 cost by rate 2.00×, by the main thread's CPU time per request 2.00× (target at most 1.5×): **missed**",
    );
    expect(lines).toContain(
      "- sorted, after it completed and the audit page was asked: 1,000,000/100,000 cost by rate 1.14×, by the main thread's CPU time per request 1.10× (target at most 1.5×): met",
    );
    expect(lines).toContain(
      '- 100,000 fields, resident memory after the full scan and its findings: 1500 MB, 900 MB after a forced collection (target under 500 MB): **missed**',
    );
    expect(lines).toContain(
      "- 1,000,000 fields, the service alone (at most: once its index was read back, with the scan's first seconds): 600 MB (target under 1024 MB): met",
    );
    expect(lines).toContain('| 100,000 | substring | 6000 | 1 | 3 | 0.100 | 0.150 | #3, #3 |');
  });

  it('judges no ratio from a measurement a scan’s start or end crossed, and says so', () => {
    const lines = scaleAuditMarkdown(bench).split('\n');
    expect(lines).toContain(
      "- dependents, while the first full scan runs: 1,000,000/100,000 cost by rate 1.13×, by the main thread's CPU time per request 1.00× (target at most 1.5×): **not judged**: a scan started or ended during the measurement at 100,000 fields",
    );
    expect(lines).toContain(
      "- dependents, after it completed and the audit page was asked: 1,000,000/100,000 cost by rate 1.00×, by the main thread's CPU time per request 1.00× (target at most 1.5×): **not judged**: a scan started or ended during the measurement at 1,000,000 fields",
    );
    expect(lines).toContain('| 100,000 | dependents | 9000 | 1 | 3 | 0.100 | 0.150 | #1, none |');
  });

  it('gives the memory at each step, the peaks until the scan ended and through the audit page', () => {
    expect(scaleAuditMarkdown(bench).split('\n')).toContain(
      '| 1,000,000 | 90 MB | 600 MB | 1900 MB; 2100 MB | 1500 MB | 1550 MB | 900 MB | 1400 MB; 1100 MB | 900 ms | 40.0 s | 120 ms | 2.0, 3.0, 4.0; 3.0, 3.0, 4.0 |',
    );
  });

  it('says so when a size is missing instead of dividing by nothing', () => {
    const markdown = scaleAuditMarkdown({ ...bench, rows: [bench.rows[0]!] });
    expect(markdown).toContain(
      '- 1,000,000 fields against 100,000: **not measured** in this run (sizes 100,000)',
    );
  });
});
