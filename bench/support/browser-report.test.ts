import { describe, expect, it } from 'vitest';
import { browserReportMarkdown } from './browser-report';
import type { BrowserBench } from './browser-report';
import type { Spread } from './percentiles';

const spreadOf = (p50: number, p95 = p50): Spread => ({ p50, p95, max: p95, samples: 7 });
const scroll = {
  frameMs: spreadOf(16.7),
  mutationsPerFrame: 0,
  longTasks: 0,
  rendererCpuMsPerFrame: 5,
};

/** A run that misses both limits that have floors, one floor above its limit and one below. */
const bench: BrowserBench = {
  date: '2026-01-01T00:00:00.000Z',
  machine: '2 × CPU',
  fields: 100_000,
  entry: { files: ['assets/index.js'], brotliKb: 120, gzipKb: 140, rawKb: 460 },
  loading: {
    firstRowsMs: spreadOf(1200, 1300),
    peerFirstRowsMs: { react: spreadOf(480, 510), mantine: spreadOf(300, 800) },
    firstRowsSlowMs: spreadOf(1500),
    scriptTransferredKb: 290,
    scriptDecodedKb: 1030,
    scriptFiles: 18,
    laterScriptTransferredKb: 40,
    styleTransferredKb: 31,
  },
  typing: {
    keyToRowsMs: spreadOf(60, 90),
    floorKeyToRowsMs: spreadOf(30, 45),
    fetchAndParseMs: spreadOf(10, 18),
    wordsMs: [],
    searchesSent: 60,
    searchesCancelled: 0,
  },
  typedFragments: 15,
  typingDuringScan: {
    keyToRowsMs: spreadOf(80, 160),
    floorKeyToRowsMs: spreadOf(40, 64),
    fetchAndParseMs: spreadOf(20, 40),
    wordsMs: [],
    searchesSent: 60,
    searchesCancelled: 0,
    scanRanThroughout: true,
  },
  auditHeadline: {
    drawnMs: spreadOf(390, 500),
    rendererCpuMs: spreadOf(300),
    transferredKb: 240,
    assetsKb: 230,
    answersKb: 10,
    requests: 30,
  },
  pageSize: {
    choiceToRowsMs: spreadOf(300, 340),
    rendererCpuMs: spreadOf(380),
    fetchAndParseMs: spreadOf(200, 245),
    fetchToHeadersMs: spreadOf(45),
  },
  tableScroll: scroll,
  plainScroll: scroll,
  bulk: {
    fields: 651,
    lockPerSecond: 669,
    unlockPerSecond: 835,
    inexactSamples: 0,
    progressSamples: 68,
    failed: 0,
    failures: [],
    cpuMsPerField: { lock: { chromium: 1, service: 1 }, unlock: { chromium: 1, service: 1 } },
  },
};

const lines = browserReportMarkdown(bench).split('\n');
const lineAfter = (start: string) => lines[lines.findIndex((line) => line.startsWith(start)) + 1];

describe('the browser report', () => {
  it('keeps each missed limit and states its floors from the same run under it', () => {
    expect(lines).toContain('- First rows, cold, loopback: p50 1200 ms (limit 400 ms): **missed**');
    expect(lineAfter('- First rows, cold, loopback')).toBe(
      "  - Floors in the same run: a bare React page sending the same search, p50 480 ms, p95 510 ms (app/floor 2.50, the limit below it); with Mantine's provider, shell and table, p50 300 ms, p95 800 ms (app/floor 4.00)",
    );
    expect(lines).toContain(
      '- 5,000 rows, choosing the size to rows painted: p50 300 ms (limit 150 ms): **missed**',
    );
    expect(lineAfter('- 5,000 rows')).toBe(
      '  - Floor in the same run: `fetch()` and `response.json()` of the same 5,000-row search, drawing nothing, p50 200 ms, p95 245 ms (app/floor 1.50, the limit below it)',
    );
  });

  it('sets the first rows and the audit page’s numbers against the Mantine floor of the same run', () => {
    expect(lines).toContain(
      "- First rows / React with Mantine's first rows, same run: p50 1200 ms / 300 ms = 4.00 (limit 1.3): **missed**",
    );
    expect(lines).toContain(
      "- The audit page's headline numbers / React with Mantine's first rows, same run: p50 390 ms / 300 ms = 1.30 (limit 1.3): met",
    );
    expect(lines).toContain(
      '- Typing while a full audit scan runs: p95 160 ms (limit under 150 ms): **missed**',
    );
  });

  it('sets typing while a scan runs against its floors of the same run, by p95', () => {
    expect(lineAfter('- Typing while a full audit scan runs')).toBe(
      "  - Floors in the same run: the same words typed into a plain page that sends each key's search and draws a plain table, p50 40 ms, p95 64 ms (app/floor p95 2.50); `fetch()` and `response.json()` of each word's search alone, p50 20 ms, p95 40 ms (app/floor p95 4.00)",
    );
  });

  it('lists each floor in the measurements with its spread and the ratio', () => {
    expect(lines).toContain(
      '| first rows, cold, loopback: a bare React page (floor) | p50 480 ms, p95 510 ms, max 510 ms (7 samples); app/floor 2.50 |',
    );
    expect(lines).toContain(
      '| first rows, cold, loopback: React with Mantine (floor) | p50 300 ms, p95 800 ms, max 800 ms (7 samples); app/floor 4.00 |',
    );
    expect(lines).toContain(
      '| the same 5,000-row search, `fetch()` and `response.json()` alone (floor) | p50 200 ms, p95 245 ms, max 245 ms (7 samples), of which to the headers p50 45 ms; app/floor 1.50 |',
    );
  });
});
