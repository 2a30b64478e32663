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

it("keeps a finished set's counts, and counts again once a retry or a check changes its items", () => {
  const db = new Database(':memory:');
  try {
    const journal = new JournalStore(db);
    const item = (fieldId: number) => ({
      fieldId,
      fieldName: `Field ${fieldId}`,
      state: 'pending' as const,
      change: { update: { locked: true } },
      before: null,
      after: null,
    });
    const id = journal.record({ kind: 'lock', person: 'test' }, [item(1), item(2), item(3)], 1);
    journal.recordOutcomes(id, [
      { position: 0, outcome: { state: 'applied' } },
      { position: 1, outcome: { state: 'failed' } },
      { position: 2, outcome: { state: 'unknown' } },
    ]);
    journal.setState(id, 'done', 2);
    expect(journal.summary(id)!.counts).toMatchObject({ applied: 1, failed: 1, unknown: 1 });
    expect(journal.history(1).versions[0]!.appliedFields).toBe(1);

    // A check reads the unknown item back as applied.
    journal.recordChecked(id, [{ position: 2, outcome: { state: 'applied' } }]);
    expect(journal.summary(id)!.counts).toMatchObject({ applied: 2, failed: 1, unknown: 0 });
    expect(journal.history(1).versions[0]!.appliedFields).toBe(2);

    const retried = journal.record({ kind: 'lock', person: 'test' }, [item(4), item(5)], 3);
    journal.recordOutcomes(retried, [
      { position: 0, outcome: { state: 'applied' } },
      { position: 1, outcome: { state: 'failed' } },
    ]);
    journal.setState(retried, 'done', 4);
    journal.resetForRetry(retried);
    expect(journal.summary(retried)!.counts).toMatchObject({ applied: 1, failed: 0, pending: 1 });
    journal.setState(retried, 'running', null);
    journal.recordOutcomes(retried, [{ position: 1, outcome: { state: 'applied' } }]);
    // Counted as it runs: nothing is kept until it finishes.
    expect(journal.summary(retried)!.counts).toMatchObject({ applied: 2, pending: 0 });
    journal.setState(retried, 'done', 5);
    expect(journal.summary(retried)!.counts).toMatchObject({ total: 2, applied: 2, failed: 0 });
    expect(journal.list({ limit: 50, offset: 0 }).changeSets[0]!.counts.applied).toBe(2);
  } finally {
    db.close();
  }
});

it('opens a journal written before finished sets kept their counts, and counts its sets', () => {
  const db = new Database(':memory:');
  try {
    db.exec(`CREATE TABLE journal_change_sets (
      id INTEGER PRIMARY KEY, kind TEXT NOT NULL, note TEXT, person TEXT NOT NULL,
      created_at INTEGER NOT NULL, finished_at INTEGER, state TEXT NOT NULL,
      undo_of INTEGER, undone_by INTEGER)`);
    db.exec(
      "INSERT INTO journal_change_sets (id, kind, person, created_at, finished_at, state) VALUES (1, 'lock', 'test', 1, 2, 'done')",
    );
    const journal = new JournalStore(db);
    expect(journal.summary(1)!.counts).toMatchObject({ total: 0 });
    journal.setState(1, 'done', 3);
    expect(journal.summary(1)!.finishedAt).toBe(3);
  } finally {
    db.close();
  }
});
