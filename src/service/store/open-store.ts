import type { TokenStore } from '../auth/token-store';
import type { DirectoryStore } from './directory-store';
import type { FieldStore } from './field-store';
import { IndexedFieldStore } from './indexed-field-store';
import { storeIdentity } from './saved-index';
import { openDatabase } from './sqlite/open-database';
import { SqliteDirectoryStore } from './sqlite/sqlite-directory-store';
import { SqliteFieldStore } from './sqlite/sqlite-field-store';
import { SqliteTokenStore } from './sqlite/sqlite-token-store';

export interface Stores {
  fields: FieldStore;
  directory: DirectoryStore;
  tokens: TokenStore;
  /**
   * Closes the store. Unless `saveIndex` is false (a server that must stop at once),
   * first saves the search index when the next start could not catch up otherwise.
   */
  close(options?: { saveIndex: boolean }): void;
}

/**
 * Opens the SQLite store file (created with its schema when missing, migrated when
 * an earlier version wrote it). Searches and statistics are answered by an
 * in-memory index kept in step with SQLite, saved as `<file>.index` as the store
 * changes (saved-index-keeper.ts) and read back, and caught up, by the next open.
 */
export function openStore(file: string): Stores {
  const db = openDatabase(file);
  const sqlite = new SqliteFieldStore(db);
  // A store written by an earlier version is derived again before anything reads it.
  if (sqlite.rederivePending()) sqlite.rederiveAll();
  const savedIndex =
    file === ':memory:'
      ? undefined
      : { file: `${file}.index`, store: storeIdentity(file, sqlite.storeId()) };
  const fields = new IndexedFieldStore(sqlite, savedIndex);
  return {
    fields,
    directory: new SqliteDirectoryStore(db),
    tokens: new SqliteTokenStore(db),
    close: ({ saveIndex } = { saveIndex: true }) => {
      fields.close({ saveIndex });
      db.close();
    },
  };
}
