import { openDatabase } from '../store/sqlite/open-database';
import { JournalStore } from './journal-store';

export interface OpenedJournalStore {
  store: JournalStore;
  close(): void;
}

/**
 * The journal in the store's own file (embedded mode), on a connection of its own:
 * the store's writes and the journal's records stay separate transactions, so a
 * kill between the two is what `check` finds out (docs/api.md, "The journal").
 */
export function openEmbeddedJournalStore(storeFile: string): OpenedJournalStore {
  const db = openDatabase(storeFile);
  return { store: new JournalStore(db), close: () => db.close() };
}
