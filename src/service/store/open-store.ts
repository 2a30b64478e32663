import type { TokenStore } from '../auth/token-store';
import type { DirectoryStore } from './directory-store';
import type { FieldStore } from './field-store';
import { IndexedFieldStore } from './indexed-field-store';
import { openDatabase } from './sqlite/open-database';
import { SqliteDirectoryStore } from './sqlite/sqlite-directory-store';
import { SqliteFieldStore } from './sqlite/sqlite-field-store';
import { SqliteTokenStore } from './sqlite/sqlite-token-store';

export interface Stores {
  fields: FieldStore;
  directory: DirectoryStore;
  tokens: TokenStore;
  close(): void;
}

/**
 * Opens the SQLite store file (created with its schema when missing, migrated when
 * an earlier version wrote it). Searches and statistics are answered by an
 * in-memory index kept in step with SQLite.
 */
export function openStore(file: string): Stores {
  const db = openDatabase(file);
  const sqlite = new SqliteFieldStore(db);
  // A store written by an earlier version is derived again before anything reads it.
  if (sqlite.rederivePending()) sqlite.rederiveAll();
  return {
    fields: new IndexedFieldStore(sqlite),
    directory: new SqliteDirectoryStore(db),
    tokens: new SqliteTokenStore(db),
    close: () => db.close(),
  };
}
