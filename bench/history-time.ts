// The drawer's History of one field that is in many large change sets, and Activity's
// first page of those sets: each version counts its set's applied fields
// (`appliedFields`, journal-store.ts `history`) and each listed set its items by
// state (`list`), so SETS sets of ITEMS items each cost SETS counts of ITEMS index
// entries. A journal of that shape is written to a temporary file (its items in SQL, each
// set finished by the store as the journal's runner finishes one), then both are timed.
//
//   tsx bench/history-time.ts [SETS] [ITEMS] [RUNS]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/service/store/sqlite/open-database';
import { migrateJournalSchema } from '../src/service/journal/journal-schema';
import { JournalStore } from '../src/service/journal/journal-store';

const sets = Number(process.argv[2] ?? 20);
const items = Number(process.argv[3] ?? 100_000);
const runs = Number(process.argv[4] ?? 5);
const dir = mkdtempSync(join(tmpdir(), 'history-time-'));
const db = openDatabase(join(dir, 'journal.sqlite'));
migrateJournalSchema(db);

const field = (id: number) => JSON.stringify({ id, name: `Field ${id}`, locked: false });
const addSet = db.prepare(
  `INSERT INTO journal_change_sets (id, kind, person, created_at, state)
   VALUES (?, 'lock', 'bench', ?, 'running')`,
);
const addItem = db.prepare(
  `INSERT INTO journal_items (change_set_id, position, field_id, field_name, state,
     change_json, before_json, after_json) VALUES (?, ?, ?, ?, 'applied', '{}', ?, ?)`,
);
const started = performance.now();
db.transaction(() => {
  for (let set = 1; set <= sets; set++) {
    addSet.run(set, set);
    for (let position = 0; position < items; position++) {
      const id = position + 1;
      addItem.run(set, position, id, `Field ${id}`, field(id), field(id));
    }
  }
})();
console.log(
  `wrote ${sets} sets of ${items} items in ${Math.round(performance.now() - started)} ms`,
);

const store = new JournalStore(db);
// Each set finishes as the journal's runner finishes one.
for (let set = 1; set <= sets; set++) store.setState(set, 'done', set);
for (let run = 0; run < runs; run++) {
  const at = performance.now();
  const { versions } = store.history(1);
  const ms = performance.now() - at;
  const listAt = performance.now();
  const { changeSets } = store.list({ limit: 50, offset: 0 });
  const listMs = performance.now() - listAt;
  console.log(
    JSON.stringify({
      sets,
      items,
      versions: versions.length,
      appliedFields: versions[0]?.appliedFields,
      historyMs: Math.round(ms * 10) / 10,
      listed: changeSets.length,
      listMs: Math.round(listMs * 10) / 10,
      load: loadavg()
        .map((n) => n.toFixed(1))
        .join(', '),
    }),
  );
}
db.close();
rmSync(dir, { recursive: true, force: true });
