// npm run bench:snapshot-lock: the pause a lock used to cause in the next search
// answered from the audit's copy of the instance (proxy mode), measured on the
// bench's 100,000-field store and its completed audit scan (npm run bench:service
// makes both). "Before" repeats what the next search did until the lock moved just
// its field: compute the findings again and build the copy's whole index.
import { existsSync } from 'node:fs';
import { openEmbeddedAudit } from '../src/service/audit/open-audit';
import { SnapshotSearch } from '../src/service/audit/snapshot/snapshot-search';
import { wholeIndex } from '../src/service/audit/search/finding-index';
import { openStore } from '../src/service/store/open-store';
import { benchStore } from './support/bench-store';
import { spread } from './support/percentiles';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 100_000);
const ROUNDS = 15;
const store = benchStore(FIELDS);
const auditFile = store.replace(/\.sqlite$/, '.audit.sqlite');
if (!existsSync(store) || !existsSync(auditFile)) {
  throw new Error(`${store} and its audit are missing: run npm run bench:service first`);
}

const stores = openStore(store);
const audit = openEmbeddedAudit({ file: auditFile, storeFile: store, keep: 5 });
const { service } = audit;
if (!service.latestScan()) throw new Error('the audit has no completed scan');
const snapshot = new SnapshotSearch(service);
const request = {
  filters: [],
  sort: { field: 'lastModified' as const, ascending: false },
  limit: 50,
};
const time = async (work: () => unknown) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

/** Locks or unlocks one field as a lock through the proxy does: the store, then the copy. */
function toggle(id: number) {
  const field = stores.fields.getField(id)!;
  const changed = stores.fields.setLocked(id, !field.locked, Date.now())!;
  service.fieldChanged(changed);
}

const firstMs = await time(() => snapshot.search(request));
const ids = Array.from({ length: ROUNDS }, (_, i) => 1 + ((i * 7919) % FIELDS));
const after: number[] = [];
const before: number[] = [];
for (const id of ids) {
  toggle(id);
  after.push(await time(() => snapshot.search(request)));
  // The lock moved lastModified: the field leads the newest first.
  const newest = JSON.parse((await snapshot.search(request))!.results[0]!) as { id: number };
  if (newest.id !== id) throw new Error(`expected field ${id} first, got ${newest.id}`);
  toggle(id);
  await snapshot.search(request);
  // What the next search did before: the findings computed again, and the whole index built.
  before.push(
    await time(() => {
      wholeIndex(service.view()!.findings());
    }),
  );
}
const line = (label: string, values: number[]) => {
  const { p50, p95 } = spread(values);
  console.log(`${label}: median ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
};
console.log(
  `${FIELDS} fields; first search from the copy (its findings and index made on the audit's thread): ${firstMs.toFixed(0)} ms`,
);
line('next search after a lock, before (findings and the whole index again)', before);
line('next search after a lock, after (the one field moved)', after);
await audit.close();
stores.close();
