// The embedded journal's dry run (POST /plans) of many expression changes: each
// item's preview, derived as the write derives it, over a store of FIELDS fields
// where one in ten nests another. Prints the time; run with `npx tsx bench/journal-dry-run.ts`.
// Measurements: bench/results/journal-dry-run.md.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { importInstance } from '../src/service/instance/import-instance';
import { INSTANCE_FORMAT, INSTANCE_VERSION } from '../src/service/instance/instance-file';
import { openStore } from '../src/service/store/open-store';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 20_000);
const CHANGES = 200;
const tmp = 'bench/tmp/journal-dry-run';
const SOURCE = '00000000-0000-4000-8000-000000000000';

rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
const seed = openStore(`${tmp}/store.sqlite`);
const report = importInstance(
  seed.fields,
  {
    format: INSTANCE_FORMAT,
    version: INSTANCE_VERSION,
    owners: [{ id: 1, name: 'Bench Owner' }],
    dataSources: [{ id: SOURCE, name: 'Source', columns: ['Amount', 'Region'] }],
    cards: [],
    fields: Array.from({ length: FIELDS }, (_, index) => ({
      id: index + 1,
      name: `Field ${index + 1}`,
      owner: 1,
      expression:
        index % 10 === 1 ? `SERVICE_BEAST_MODE(${index}) + 1` : `SUM(\`Amount\`) * ${index + 1}`,
      links: [{ type: 'DATA_SOURCE' as const, id: SOURCE, visible: true, active: true }],
      created: 0,
      lastModified: 0,
    })),
  },
  Date.UTC(2026, 0, 1),
);
if (report.refusals.length > 0) throw new Error(JSON.stringify(report.refusals.slice(0, 3)));
seed.close();

const stores = openStore(`${tmp}/store.sqlite`);
const answers: string[] = [];
const started = performance.now();
for (let item = 1; item <= CHANGES; item += 1) {
  const current = stores.fields.getField(item * 7)!;
  const expression = `SUM(\`Amount\`) * ${item} + SERVICE_BEAST_MODE(${item * 7 + 3})`;
  const outcome = stores.fields.previewUpdate(current, { expression }, Date.UTC(2026, 0, 2));
  // legacyId is random at import: left out, so that two stores' answers compare.
  answers.push(
    JSON.stringify(outcome.kind === 'written' ? { ...outcome.field, legacyId: '' } : outcome),
  );
}
const elapsed = performance.now() - started;
stores.close();
// The digest of every answer: equal digests mean two versions derived the same.
const digest = createHash('sha256').update(answers.join('\n')).digest('hex').slice(0, 16);
console.log(
  `${CHANGES} previews over ${FIELDS} fields: ${elapsed.toFixed(0)} ms, ` +
    `${(elapsed / CHANGES).toFixed(2)} ms each; answers ${digest}`,
);
