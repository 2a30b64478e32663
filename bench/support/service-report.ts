import { writeFileSync } from 'node:fs';
import type { LoadResult } from './load';

export interface ServiceRow {
  label: string;
  ours: LoadResult;
  floor: LoadResult;
  peer: LoadResult;
}

export interface ServiceBench {
  date: string;
  machine: string;
  fields: number;
  seconds: number;
  peerRequests: number;
  startupMs: number;
  serviceMemoryMb: number;
  peerMemoryMb: number;
  rows: ServiceRow[];
}

const targets = {
  timesPeer: 1000,
  shareOfFloor: 0.1,
  largePageMedianMs: 150,
  memoryMb: 500,
  startupMs: 3000,
};

const rate = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');

function checks(bench: ServiceBench): string[] {
  const lines = bench.rows.map((row) => {
    if (row.label.startsWith('5,000')) {
      return `- ${row.label}: median ${row.ours.medianMs} ms (target under ${targets.largePageMedianMs} ms): ${verdict(row.ours.medianMs < targets.largePageMedianMs)}`;
    }
    const timesPeer = row.ours.requestsPerSecond / row.peer.requestsPerSecond;
    const shareOfFloor = row.ours.requestsPerSecond / row.floor.requestsPerSecond;
    const ok = timesPeer >= targets.timesPeer && shareOfFloor >= targets.shareOfFloor;
    return `- ${row.label}: ${timesPeer.toFixed(0)}× json-server, ${(shareOfFloor * 100).toFixed(0)}% of the floor (targets ${targets.timesPeer}× and ${targets.shareOfFloor * 100}%): ${verdict(ok)}`;
  });
  lines.push(
    `- Resident memory with ${bench.fields.toLocaleString('en')} fields: ${bench.serviceMemoryMb} MB (target under ${targets.memoryMb} MB): ${verdict(bench.serviceMemoryMb < targets.memoryMb)}`,
    `- Start-up to the first answered search: ${bench.startupMs} ms (target under ${targets.startupMs} ms): ${verdict(bench.startupMs < targets.startupMs)}`,
  );
  return lines;
}

function table(bench: ServiceBench): string[] {
  const lines = [
    '| query | server | req/s | median ms | p99 ms | requests | errors | non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of bench.rows) {
    for (const [server, result] of [
      ['ours', row.ours],
      ['floor', row.floor],
      ['json-server 0.17', row.peer],
    ] as const) {
      lines.push(
        `| ${row.label} | ${server} | ${rate(result.requestsPerSecond)} | ${result.medianMs} | ${result.p99Ms} | ${result.requests} | ${result.errors} | ${result.non2xx} |`,
      );
    }
  }
  return lines;
}

const method = [
  '## How searches are answered, and why',
  "SQLite stays the source of truth; an in-memory index kept in step with it answers searches. Positions are numbered in name order, so a name sort is a scan of a bitset. Flags are bitsets; owners, statuses, functions, data sources and cards are posting lists; created, last modified and id each have one order with each position's rank. Names are indexed by every run of 1 to 3 characters of each distinct name: a query of up to 3 characters is one posting, a longer one the intersection of its runs, checked with `includes`. Runs that match at least 1 record in 64 also keep a ready bitset of positions, so a common fragment costs a copy. SQLite FTS5 with the trigram tokenizer was the alternative: it does not answer queries under 3 characters, and every search would still join its matches with the filters and sort in SQL, where the index does that with word-wide AND and a precomputed order.",
  '',
  'Start-up is a fresh `node dist-server/main.mjs start` (what `npm start` runs after bundling the service with esbuild) on an existing store of 100,000 fields, until its first search is answered: the index is built from a handful of column-wise queries. The machine is a shared 2-core VM whose speed varies between runs; the ratios hold because every server is measured in the same run, one after another.',
];

/** Writes bench/results/service.md and service.json; returns the Markdown. */
export function writeServiceReport(bench: ServiceBench): string {
  const markdown = [
    '# Service benchmark',
    '',
    `${bench.date} · ${bench.machine} · ${bench.fields.toLocaleString('en')} calculated fields · loopback, autocannon in the benchmark process, each server in its own process. Ours and the floor: ${bench.seconds} s per measurement after a 2 s warm-up. json-server: ${bench.peerRequests} requests after one warm-up request, on one connection (it answers one request at a time; more connections only queue); its req/s is requests ÷ elapsed time.`,
    '',
    'Peers: **floor** is Fastify answering a constant empty result to the same POST (what no service here can beat); **json-server 0.17** serves the same records with `name_like`, `_sort`, `_page`, `_limit` and field filters. The load varies the page, the name fragment (1,000 substrings of real names) and the filter pair on every request.',
    '',
    '## Targets',
    ...checks(bench),
    '',
    '## Measurements',
    ...table(bench),
    '',
    `json-server resident memory: ${bench.peerMemoryMb} MB.`,
    '',
    ...method,
    '',
  ].join('\n');
  writeFileSync('bench/results/service.md', markdown);
  writeFileSync('bench/results/service.json', `${JSON.stringify(bench, null, 2)}\n`);
  return markdown;
}
