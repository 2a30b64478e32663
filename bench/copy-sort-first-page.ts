// npx tsx bench/copy-sort-first-page.ts: the first page of a drill-down sorted by a
// sort production lacks (owner, status, links, usage, problems), at the size of the
// store file BENCH_STORE (the 1,000,000-field demo store unless told; opened once
// before so that its saved index is there). Each sort is timed on an index freshly
// taken from the saved parts, so its order is made as a new view's first such page
// makes it; then the same page again (order kept). Among half the fields (as large as
// the largest finding) and among 1,000. Run the same file on two versions of the code
// in turns: results in bench/results/finding-indexes.md.
import { loadavg } from 'node:os';
import { copySortFields } from '../src/contract/copy-orders';
import type { NormalizedSearchRequest } from '../src/contract/search-validation';
import { FieldIndex } from '../src/service/store/index/field-index';
import { readSavedIndex, storeIdentity } from '../src/service/store/saved-index';
import { openDatabase } from '../src/service/store/sqlite/open-database';
import { SqliteFieldStore } from '../src/service/store/sqlite/sqlite-field-store';

const file = process.env.BENCH_STORE ?? 'bench/tmp/audit-lock-1000000.sqlite';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const db = openDatabase(file);
const storeId = new SqliteFieldStore(db).storeId();
db.close();
const saved = readSavedIndex(`${file}.index`, storeIdentity(file, storeId));
if (!saved) throw new Error(`no saved index for ${file}: open the store once first`);
const { parts } = saved;
const ids = Array.from(parts.ids);
const subsets = {
  'half the fields': ids.filter((_, at) => at % 2 === 0),
  '1,000 fields': ids.filter((_, at) => at % Math.floor(ids.length / 1000) === 0).slice(0, 1000),
};
const page = (field: string): NormalizedSearchRequest => ({
  filters: [],
  sort: { field: field as NormalizedSearchRequest['sort']['field'], ascending: true },
  limit: 50,
});
/** Wall time, then CPU time (user and system) in brackets: the machine may be shared. */
const timed = (work: () => unknown) => {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  work();
  const { user, system } = process.cpuUsage(cpuBefore);
  return `${Math.round(performance.now() - started)} (${Math.round((user + system) / 1000)})`;
};

console.log(
  `${ids.length} fields, load ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')}`,
);
for (let round = 1; round <= ROUNDS; round += 1) {
  for (const [what, subsetIds] of Object.entries(subsets)) {
    const firsts: string[] = [];
    const agains: string[] = [];
    for (const field of copySortFields) {
      const index = new FieldIndex(parts);
      const subset = index.subset(subsetIds);
      firsts.push(`${field} ${timed(() => index.search(page(field), subset))}`);
      agains.push(`${field} ${timed(() => index.search(page(field), subset))}`);
    }
    console.log(
      `round ${round}, ${what}: first page, ms (CPU ms) ${firsts.join(', ')}; again ${agains.join(', ')}`,
    );
  }
}
console.log(
  `load ${loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ')}`,
);
