import type { TokenStore } from '../auth/token-store';
import type { DirectoryStore } from './directory-store';
import type { FieldStore } from './field-store';
import type { SavedIndex } from './indexed-field-store';
import { IndexedFieldStore } from './indexed-field-store';
import { saveIndex, savedIndexMatches, storeStamp } from './saved-index';
import { openDatabase } from './sqlite/open-database';
import { SqliteDirectoryStore } from './sqlite/sqlite-directory-store';
import { SqliteFieldStore } from './sqlite/sqlite-field-store';
import { SqliteTokenStore } from './sqlite/sqlite-token-store';

export interface Stores {
  fields: FieldStore;
  directory: DirectoryStore;
  tokens: TokenStore;
  /** Closes the store, saving the search index beside it for the next start. */
  close(): void;
}

/**
 * Opens the SQLite store file (created with its schema when missing, migrated when
 * an earlier version wrote it). Searches and statistics are answered by an
 * in-memory index kept in step with SQLite, saved as `<file>.index` on close and
 * read back by the next open when the store is exactly as it was left.
 */
export function openStore(file: string): Stores {
  const db = openDatabase(file);
  const sqlite = new SqliteFieldStore(db);
  // A store written by an earlier version is derived again before anything reads it.
  if (sqlite.rederivePending()) sqlite.rederiveAll();
  const indexFile = file === ':memory:' ? undefined : `${file}.index`;
  const fields = new IndexedFieldStore(sqlite, savedIndexOf(file, indexFile));
  return {
    fields,
    directory: new SqliteDirectoryStore(db),
    tokens: new SqliteTokenStore(db),
    close: () => {
      // Nothing to save when no index was made, or it was read back and nothing changed.
      const parts = fields.partsToSave();
      db.close();
      // The stamp is taken once SQLite has closed the file, with every change in it.
      const stamp = indexFile && parts ? storeStamp(file) : undefined;
      if (indexFile && parts && stamp) saveIndex(indexFile, parts, stamp);
    },
  };
}

/**
 * The saved index when its header names the store as it is now. Opening writes
 * nothing to an up-to-date store, so a store whose log is empty and whose file
 * is as it was left has had no writes since the index was saved.
 */
function savedIndexOf(file: string, indexFile: string | undefined): SavedIndex | undefined {
  if (!indexFile) return undefined;
  const stamp = storeStamp(file);
  return stamp && savedIndexMatches(indexFile, stamp) ? { indexFile, stamp } : undefined;
}
