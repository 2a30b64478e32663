// npx tsx bench/copy-sorts.ts: what the sorts production lacks cost at 100,000
// fields (contract/copy-orders.ts): reading their columns when the index is built,
// making each order on its first search, and making the owner order again on the
// search after a write that moved a field's owner (the index makes an order again
// rather than moving the field in it). Results: bench/results/copy-sorts.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copySortFields } from '../src/contract/copy-orders';
import { generateDemoInstance } from '../src/service/demo/generate-demo-instance';
import { importInstance } from '../src/service/instance/import-instance';
import { openStore } from '../src/service/store/open-store';
import { openDatabase } from '../src/service/store/sqlite/open-database';
import { copyOrderColumns, loadIndexColumns } from '../src/service/store/sqlite/load-index-columns';
import { spread } from './support/percentiles';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 100_000);
const ROUNDS = 7;
const dir = mkdtempSync(join(tmpdir(), 'cfm-bench-copy-sorts-'));
const file = join(dir, 'store.sqlite');
const ms = (values: number[]) => {
  const { p50, max } = spread(values);
  return `median ${p50} ms, max ${max} ms over ${values.length}`;
};
/** CPU time (user and system), in ms: the machine may be shared, and wall time then says little. */
const time = (work: () => unknown) => {
  const started = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
};

try {
  const instance = generateDemoInstance({ fields: FIELDS, seed: 1 });
  const owners = instance.owners.map((owner) => owner.id);
  const seed = openStore(file);
  importInstance(seed.fields, instance);
  seed.close();

  const db = openDatabase(file);
  const load = Array.from({ length: ROUNDS }, () => time(() => loadIndexColumns(db)));
  const { ids, statuses } = loadIndexColumns(db);
  const copyColumns = Array.from({ length: ROUNDS }, () =>
    time(() => copyOrderColumns(db, Array.from(ids), statuses)),
  );
  db.close();

  const stores = openStore(file);
  const page = (field: string) => ({
    filters: [],
    sort: { field: field as never, ascending: true },
    limit: 50,
  });
  stores.fields.search(page('name'));
  const first = copySortFields.map((field) => ({
    field,
    ms: time(() => stores.fields.search(page(field))),
  }));
  const cached = copySortFields.map((field) => ({
    field,
    ms: time(() => stores.fields.search(page(field))),
  }));
  const afterWrite: number[] = [];
  const writeOnly: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const id = 1 + ((round * 7919) % FIELDS);
    const field = stores.fields.getField(id)!;
    if (field.locked) stores.fields.setLocked(id, false, Date.now());
    const owner = owners.find((other) => other !== field.owner)!;
    writeOnly.push(
      time(() => {
        const outcome = stores.fields.updateField(id, { owner }, Date.now());
        if (outcome.kind !== 'written') throw new Error(`update of ${id}: ${outcome.kind}`);
      }),
    );
    afterWrite.push(time(() => stores.fields.search(page('owner'))));
  }
  stores.close();

  const lines = [
    `# Copy sorts at ${FIELDS.toLocaleString('en-US')} fields`,
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npx tsx bench/copy-sorts.ts\` on ${process.platform}, Node ${process.version}; CPU time of this process (user and system).`,
    '',
    `- Reading the index's columns from SQLite, copy columns included: ${ms(load)}; of which the copy columns (owner names, every link read for the counts): ${ms(copyColumns)}`,
    `- First search of each copy sort (makes its order): ${first.map(({ field, ms }) => `${field} ${ms.toFixed(0)} ms`).join(', ')}`,
    `- Next search of each (order kept): ${cached.map(({ field, ms }) => `${field} ${ms.toFixed(1)} ms`).join(', ')}`,
    `- An update moving a field's owner: ${ms(writeOnly)}; the owner search after it (order made again): ${ms(afterWrite)}`,
    '',
  ];
  console.log(lines.join('\n'));
} finally {
  rmSync(dir, { recursive: true, force: true });
}
