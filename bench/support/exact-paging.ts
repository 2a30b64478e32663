// Proxy mode before the first scan completes: how long from the first search until
// the table pages exactly (answers from the list copy, docs/proxy.md), in front of
// a production-like instance (ties shuffled on every call, 30-80 ms a request).
// The instance, the proxy and its audit run in this one process, so they share
// its CPU: the figure is an upper bound for a proxy with an instance elsewhere.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import type { SearchResponse } from '../../src/contract/search';
import { openProxyAudit } from '../../src/service/audit/open-audit';
import { FailedAuthLimiter } from '../../src/service/auth/failed-auth-limiter';
import { generateDemoInstance } from '../../src/service/demo/generate-demo-instance';
import { importInstance } from '../../src/service/instance/import-instance';
import { buildServer } from '../../src/service/server/build-server';
import { openStore } from '../../src/service/store/open-store';
import { startProductionLikeUpstream } from '../../src/service/test-support/production-like-upstream';

export interface ExactPagingFigures {
  fields: number;
  latencyMs: [number, number];
  /** From the first search to the first one answered from the list copy. */
  timeToExactPagingMs: number;
  /** Searches the instance answered meanwhile (the first one, the list copy's and the scan's listings). */
  upstreamSearches: number;
  /** Six pages of 50 by name once exact: fields shown twice (must be 0). */
  repeatedInSixPages: number;
  firstScanStillRunning: boolean;
}

const TOKEN = 'bench-instance-token-0123456789';
const tmp = 'bench/tmp';

export async function measureExactPaging(
  fields: number,
  latencyMs: [number, number] = [30, 80],
  log: (line: string) => void = console.log,
): Promise<ExactPagingFigures> {
  const dir = `${tmp}/exact-paging-${fields}`;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const storeFile = `${dir}/instance.sqlite`;
  const auditFile = `${dir}/audit.sqlite`;
  log(`creating a demo instance of ${fields} fields`);
  const stores = openStore(storeFile);
  importInstance(stores.fields, generateDemoInstance({ fields }));
  const upstream = await startProductionLikeUpstream({
    store: stores.fields,
    token: TOKEN,
    latencyMs,
    unstableTies: true,
    // Reads only the page asked for: the figure is the proxy's, not this double's.
    windowed: true,
  });
  const upstreamUrl = new URL(upstream.url);
  const audit = openProxyAudit({
    file: auditFile,
    upstream: upstreamUrl,
    timeoutMs: 60_000,
    concurrency: 4,
    keep: 2,
    refreshEveryMs: 5000,
  });
  const app = await buildServer({
    api: { kind: 'proxy', upstream: upstreamUrl, timeoutMs: 60_000 },
    audit: { service: audit.service, snapshot: audit.snapshot, keep: 2 },
    failedAuthLimiter: new FailedAuthLimiter(1000),
  });
  const search = async (offset: number) => {
    const response = await app.inject({
      method: 'POST',
      url: apiPaths.search,
      headers: { [TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
      payload: { filters: [], sort: { field: 'name', ascending: true }, limit: 50, offset },
    });
    if (response.statusCode !== 200) throw new Error(`search answered ${response.statusCode}`);
    return response.json<SearchResponse>();
  };
  try {
    log('the first search, then waiting for the list copy');
    const started = performance.now();
    await search(0);
    // Watched in this process: searches sent meanwhile would go to the instance and
    // add its work to what is measured.
    while (!audit.service.listCopyReady()) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const answer = await search(0);
    if (answer.instanceData?.source !== 'snapshot')
      throw new Error('not answered from the list copy');
    const timeToExactPagingMs = Math.round(performance.now() - started);
    log(`exact paging after ${timeToExactPagingMs} ms`);
    const shown: number[] = [];
    for (let page = 0; page < 6; page += 1) {
      shown.push(...(await search(page * 50)).results.map((field) => field.id));
    }
    return {
      fields,
      latencyMs,
      timeToExactPagingMs,
      upstreamSearches: upstream.requests.filter((request) => request.url.endsWith('/search'))
        .length,
      repeatedInSixPages: shown.length - new Set(shown).size,
      firstScanStillRunning: audit.service.runningScan() !== undefined,
    };
  } finally {
    await app.close();
    await audit.close();
    await upstream.close();
    stores.close();
    rmSync(dir, { recursive: true, force: true });
  }
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
    `| searches the instance answered meanwhile | ${figures.upstreamSearches} | | the list copy's and the scan's listings |`,
    `| fields shown twice in six pages of 50 by name, then | ${figures.repeatedInSixPages} | 0 | |`,
    `| first scan still running then | ${figures.firstScanStillRunning ? 'yes' : 'no'} | | |`,
    '',
  ];
  writeFileSync('bench/results/exact-paging.md', lines.join('\n'));
}
