import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { JournalStore } from './journal-store';

it("counts a set's items by state from an index, reading none of their fields before and after", () => {
  const db = new Database(':memory:');
  try {
    new JournalStore(db);
    // The summary's count (journal-store.ts, summaryOf), read every 200 ms while a set runs.
    const plan = db
      .prepare(
        'EXPLAIN QUERY PLAN SELECT state, count(*) AS n FROM journal_items WHERE change_set_id = ? GROUP BY state',
      )
      .all(1) as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join('\n')).toContain(
      'COVERING INDEX journal_items_by_state',
    );
  } finally {
    db.close();
  }
});
