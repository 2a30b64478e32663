// Proxy mode before the first scan completes: how long from the first search until
// the table pages exactly (answers from the list copy, docs/proxy.md), in front of
// a production-like instance (ties shuffled on every call, 30-80 ms a request).
// The instance, the proxy and its audit run in this one process, so they share
// its CPU: the figure is an upper bound for a proxy with an instance elsewhere.
import { writeFileSync } from 'node:fs';
import type { ProxyOverInstance } from './proxy-over-instance';
import { demoInstance, startProxyOverInstance } from './proxy-over-instance';

export interface ExactPagingFigures {
  fields: number;
  latencyMs: [number, number];
  /** From the first search to the first one answered from the list copy. */
  timeToExactPagingMs: number;
  /** Searches the instance answered meanwhile (the token's check, the first scan's listing, which the list copy takes too). */
  upstreamSearches: number;
  /** Six pages of 50 by name once exact: fields shown twice (must be 0). */
  repeatedInSixPages: number;
  firstScanStillRunning: boolean;
}

const tmp = 'bench/tmp';

export async function measureExactPaging(
  fields: number,
  latencyMs: [number, number] = [30, 80],
  log: (line: string) => void = console.log,
): Promise<ExactPagingFigures> {
  const dir = `${tmp}/exact-paging-${fields}`;
  const instance = demoInstance(dir, fields, log);
  const proxy = await startProxyOverInstance({
    stores: instance.stores,
    auditFile: `${dir}/audit.sqlite`,
    latencyMs,
    scanConcurrency: 4,
  });
  try {
    return { fields, latencyMs, ...(await untilPagingExact(proxy, log)) };
  } finally {
    await proxy.close();
    instance.close();
  }
}

/**
 * The first search of a proxy that has no scan yet, then the wait until searches
 * are answered from the list copy, and six pages of 50 by name from it.
 */
export async function untilPagingExact(
  proxy: ProxyOverInstance,
  log: (line: string) => void,
): Promise<Omit<ExactPagingFigures, 'fields' | 'latencyMs'>> {
  const { audit, upstream, search } = proxy;
  log('the first search, then waiting for the list copy');
  const started = performance.now();
  await search(0);
  // Watched in this process: searches sent meanwhile would go to the instance and
  // add its work to what is measured. A first scan that completes first releases the
  // copy, and its snapshot pages exactly from then on.
  while (!audit.service.listCopyReady() && audit.service.latestScan() === undefined) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const answer = await search(0);
  if (answer.instanceData?.source !== 'snapshot')
    throw new Error('not answered from the list copy or the snapshot');
  const timeToExactPagingMs = Math.round(performance.now() - started);
  log(`exact paging after ${timeToExactPagingMs} ms`);
  const shown: number[] = [];
  for (let page = 0; page < 6; page += 1) {
    shown.push(...(await search(page * 50)).results.map((field) => field.id));
  }
  return {
    timeToExactPagingMs,
    upstreamSearches: upstream.requests.filter((request) => request.url.endsWith('/search')).length,
    repeatedInSixPages: shown.length - new Set(shown).size,
    firstScanStillRunning: audit.service.runningScan() !== undefined,
  };
}

/** bench/results/exact-paging.md and .json. */
export function writeExactPagingReport(figures: ExactPagingFigures, environment: string): void {
  writeFileSync('bench/results/exact-paging.json', `${JSON.stringify(figures, null, 2)}\n`);
  const lines = [
    '# Exact paging before the first scan (proxy mode)',
    '',
    `${figures.fields.toLocaleString('en-US')} demo fields behind a production-like instance (ties shuffled on every call, ${figures.latencyMs[0]}-${figures.latencyMs[1]} ms a request, reading from its store only the page asked for), the proxy and its audit (whose first scan runs meanwhile) in one process with the instance (${environment}). Timed from the first search until the table's searches are answered from the list copy. Written by \`npm run bench:audit\` (\`-- exact-paging\` runs this part alone).`,
    '',
    '| measure | figure | limit | |',
    '| --- | ---: | ---: | --- |',
    `| first search to paging exact (answered from the list copy) | ${figures.timeToExactPagingMs.toLocaleString('en-US')} ms | 60,000 ms | ${figures.timeToExactPagingMs < 60_000 ? 'met' : 'NOT met'} |`,
    `| searches the instance answered meanwhile | ${figures.upstreamSearches} | | the token's check and the first scan's listing, which the list copy takes too |`,
    `| fields shown twice in six pages of 50 by name, then | ${figures.repeatedInSixPages} | 0 | |`,
    `| first scan still running then | ${figures.firstScanStillRunning ? 'yes' : 'no'} | | |`,
    '',
  ];
  writeFileSync('bench/results/exact-paging.md', lines.join('\n'));
}
