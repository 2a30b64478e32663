// bench:audit's remap-preview part (npm run bench:audit -- remap-preview):
// the preview of a remap touching 5,000 of 100,000 fields, answered by the server
// from the audit's copy (an embedded store, scanned once), beside the 2 s
// limit. Written to bench/results/remap-preview.md.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { TOKEN_HEADER } from '../src/contract/paths';
import type { WorkflowPreview } from '../src/contract/workflows';
import { workflowPaths } from '../src/contract/workflows';
import { openEmbeddedAudit } from '../src/service/audit/open-audit';
import type { InstanceFile } from '../src/service/instance/instance-file';
import { INSTANCE_FORMAT, INSTANCE_VERSION } from '../src/service/instance/instance-file';
import { importInstance } from '../src/service/instance/import-instance';
import { buildServer } from '../src/service/server/build-server';
import { openStore } from '../src/service/store/open-store';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 100_000);
const TOUCHED = Math.round(FIELDS / 20);
const LIMIT_MS = 2000;
const RUNS = 5;
const TOKEN = 'bench-token-0123456789';
const tmp = 'bench/tmp/remap-preview';
const SOURCES = 20;

function instance(): InstanceFile {
  const sourceId = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  return {
    format: INSTANCE_FORMAT,
    version: INSTANCE_VERSION,
    owners: [{ id: 1, name: 'Bench Owner' }],
    dataSources: Array.from({ length: SOURCES }, (_, index) => ({
      id: sourceId(index),
      name: `Source ${index}`,
      columns: ['Target', 'Renamed', 'Amount', 'Region'],
    })),
    cards: [],
    fields: Array.from({ length: FIELDS }, (_, index) => {
      const id = index + 1;
      // Every 20th field is on source 0 and uses `Target`; the rest use other columns.
      const touched = index % 20 === 0;
      const source = touched ? 0 : 1 + (index % (SOURCES - 1));
      const expression = touched
        ? `SUM(\`Target\`) / NULLIF(COUNT(\`Amount\`), 0) -- 'Target' ${id}`
        : `CASE WHEN \`Region\` = 'r${id}' THEN \`Amount\` * ${id} ELSE 0 END`;
      return {
        id,
        name: `Field ${id}`,
        owner: 1,
        expression,
        links: [
          { type: 'DATA_SOURCE' as const, id: sourceId(source), visible: true, active: true },
        ],
        created: Date.UTC(2025, 0, 1),
        lastModified: Date.UTC(2025, 0, 1),
      };
    }),
  };
}

export async function benchRemapPreview(): Promise<void> {
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const seed = openStore(`${tmp}/store.sqlite`);
  const report = importInstance(seed.fields, instance(), Date.UTC(2026, 0, 1));
  if (report.refusals.length > 0) throw new Error(JSON.stringify(report.refusals.slice(0, 3)));
  seed.tokens.addToken('bench', TOKEN, Date.now());
  seed.close();
  const stores = openStore(`${tmp}/store.sqlite`);
  const audit = openEmbeddedAudit({
    file: `${tmp}/audit.sqlite`,
    storeFile: `${tmp}/store.sqlite`,
    directory: stores.directory,
    keep: 2,
  });
  audit.service.startScan(undefined);
  await audit.service.scansSettled();
  const app = await buildServer({
    api: {
      kind: 'embedded',
      store: stores.fields,
      directory: stores.directory,
      tokens: stores.tokens,
    },
    audit: { service: audit.service, keep: 2 },
  });
  const body = {
    dataSourceId: '00000000-0000-4000-8000-000000000000',
    column: 'Target',
    to: 'Renamed',
  };
  const times: number[] = [];
  let changes = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: workflowPaths.remap,
      headers: { [TOKEN_HEADER]: TOKEN, 'content-type': 'application/json' },
      payload: body,
    });
    times.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(response.body.slice(0, 300));
    changes = (response.json() as WorkflowPreview).changes.length;
  }
  await app.close();
  await audit.close();
  stores.close();
  if (changes !== TOUCHED) throw new Error(`the preview changes ${changes} fields, not ${TOUCHED}`);
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const lines = [
    '# bench:audit, remap preview',
    '',
    `A remap preview touching ${TOUCHED.toLocaleString('en')} of ${FIELDS.toLocaleString('en')} fields, over inject (no network), after one scan.`,
    `Machine: ${cpus().length} cores, load ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')} when it ended (shared and busy: other work ran at the same time).`,
    '',
    '| figure | value | limit |',
    '| --- | --- | --- |',
    `| median of ${RUNS} previews | ${median.toFixed(0)} ms | ${LIMIT_MS} ms |`,
    `| slowest | ${sorted.at(-1)!.toFixed(0)} ms | |`,
    `| first (cold) | ${times[0]!.toFixed(0)} ms | |`,
    '',
  ];
  writeFileSync('bench/results/remap-preview.md', lines.join('\n'));
  console.log(lines.join('\n'));
  rmSync(tmp, { recursive: true, force: true });
}
