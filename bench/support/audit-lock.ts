// The lock part of npm run bench:audit (`npm run bench:audit -- lock`): what one lock
// through this server costs the audit at BENCH_FIELDS fields, in this process: the
// lock itself, then the next findings, statistics, search of the proxy's copy and
// drill-down into a finding's fields. Written to bench/results/audit-lock.json and .md
// under the label given (`before` or `after` a change), beside the other label's figures.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { openBenchAudit } from './bench-audit';
import { cpus } from 'node:os';
import { SnapshotSearch } from '../../src/service/audit/snapshot/snapshot-search';
import { spread } from './percentiles';
import type { Spread } from './percentiles';

const ROUNDS = 15;
const results = 'bench/results';

const request = {
  filters: [],
  sort: { field: 'lastModified' as const, ascending: false },
  limit: 50,
};

async function time(work: () => unknown): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

export async function measureLock(fields: number, label: string): Promise<void> {
  const { stores, audit } = openBenchAudit(fields, 'audit-lock');
  const { service } = audit;
  const scanMs = await (async () => {
    const started = performance.now();
    service.startScan(undefined);
    await service.scansSettled();
    return performance.now() - started;
  })();
  const snapshot = new SnapshotSearch(service);
  const findingsNow = () => service.view()!.findings();
  const statistics = () => service.view()!.statistics();
  const drillDown = () => service.view()!.searchFinding('unused', undefined, request);
  const firstMs = {
    findings: await time(findingsNow),
    statistics: await time(statistics),
    search: await time(() => snapshot.search(request)),
    drillDown: await time(drillDown),
  };
  const toggle = (id: number) => {
    const field = stores.fields.getField(id)!;
    service.fieldChanged(stores.fields.setLocked(id, !field.locked, Date.now())!);
  };
  const figures = { lock: [], findings: [], statistics: [], search: [], drillDown: [] } as Record<
    string,
    number[]
  >;
  for (let round = 0; round < ROUNDS; round++) {
    const id = 1 + ((round * 7919) % fields);
    figures.lock!.push(await time(() => toggle(id)));
    figures.findings!.push(await time(findingsNow));
    figures.statistics!.push(await time(statistics));
    figures.search!.push(await time(() => snapshot.search(request)));
    figures.drillDown!.push(await time(drillDown));
    toggle(id);
    findingsNow();
    statistics();
    await snapshot.search(request);
    drillDown();
  }
  await audit.close();
  stores.close();

  const measured = {
    fields,
    cpus: cpus().length,
    node: process.version,
    date: new Date().toISOString(),
    scanMs: Math.round(scanMs),
    firstMs: Object.fromEntries(Object.entries(firstMs).map(([k, v]) => [k, Math.round(v)])),
    afterLock: Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, spread(v)])),
  };
  mkdirSync(results, { recursive: true });
  const jsonFile = `${results}/audit-lock.json`;
  const all = existsSync(jsonFile)
    ? (JSON.parse(readFileSync(jsonFile, 'utf8')) as Record<string, typeof measured>)
    : {};
  all[label] = measured;
  writeFileSync(jsonFile, `${JSON.stringify(all, null, 2)}\n`);
  writeFileSync(`${results}/audit-lock.md`, lockMarkdown(all));
  console.log(JSON.stringify(measured, null, 2));
}

function lockMarkdown(
  all: Record<string, { fields: number; date: string; afterLock: Record<string, Spread> }>,
): string {
  const labels = Object.keys(all);
  const steps = ['lock', 'findings', 'statistics', 'search', 'drillDown'];
  const words: Record<string, string> = {
    lock: 'the lock taken in (fieldChanged)',
    findings: 'the next findings',
    statistics: 'the next statistics',
    search: "the next search of the proxy's copy",
    drillDown: "the next drill-down into a finding's fields",
  };
  const cell = (s: Spread | undefined) => (s ? `${s.p50} ms (p95 ${s.p95})` : '');
  return [
    '# A lock through this server, at the audit',
    '',
    `\`npm run bench:audit -- lock\` (bench/support/audit-lock.ts): ${ROUNDS} locks, each followed by`,
    'the answers the audit page and the proxy ask for next; median and p95 of each step.',
    'Taken on a shared 2-core machine under other work: compare within a row, not with other files.',
    '',
    `| step | ${labels.map((l) => `${l} (${all[l]!.fields} fields, ${all[l]!.date.slice(0, 10)})`).join(' | ')} |`,
    `| --- | ${labels.map(() => '---').join(' | ')} |`,
    ...steps.map(
      (step) =>
        `| ${words[step]} | ${labels.map((l) => cell(all[l]!.afterLock[step])).join(' | ')} |`,
    ),
    '',
  ].join('\n');
}
