import type { TokenStore } from '../auth/token-store';
import type { FieldStore } from './field-store';
import { openDatabase } from './sqlite/open-database';
import { SqliteFieldStore } from './sqlite/sqlite-field-store';
import { SqliteTokenStore } from './sqlite/sqlite-token-store';

export interface Stores {
  fields: FieldStore;
  tokens: TokenStore;
  close(): void;
}

/** Opens the SQLite store file (created with its schema when missing). */
export function openStore(file: string): Stores {
  const db = openDatabase(file);
  return {
    fields: new SqliteFieldStore(db),
    tokens: new SqliteTokenStore(db),
    close: () => db.close(),
  };
}
