import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { JournalStore } from './journal-store';

it("opens a journal whose kept plans predate the undo's: its plans are kept, and an undo's can be kept beside them", () => {
  const db = new Database(':memory:');
  try {
    // journal_plans as the server that first kept plans made it, with one plan in it.
    db.exec(`CREATE TABLE journal_plans (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, note TEXT,
      person TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
      used_by INTEGER)`);
    db.prepare(
      "INSERT INTO journal_plans (kind, person, created_at, expires_at) VALUES ('lock', 'ada', 1, 2)",
    ).run();
    const store = new JournalStore(db);
    expect(store.plans.line(1)).toMatchObject({ kind: 'lock', person: 'ada', undoOf: null });
    expect(store.plans.line(1)).toMatchObject({ undoApplied: null });
    const id = store.plans.keep(
      { kind: 'undo', person: 'ada', expiresAt: 3, undoOf: 7, undoApplied: 4 },
      [],
      1,
    );
    expect(store.plans.line(id)).toMatchObject({ kind: 'undo', undoOf: 7, undoApplied: 4 });
    // Opened again: nothing more to add.
    expect(() => new JournalStore(db)).not.toThrow();
  } finally {
    db.close();
  }
});
