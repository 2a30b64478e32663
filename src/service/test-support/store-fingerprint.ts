import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

const tables = ['owners', 'data_sources', 'cards', 'fields', 'links'];

/** A hash of every stored record, read through a connection of its own: equal hashes, nothing changed. */
export function storeFingerprint(dataFile: string): string {
  const db = new Database(dataFile, { readonly: true, fileMustExist: true });
  try {
    const hash = createHash('sha256');
    for (const table of tables) {
      for (const row of db.prepare(`SELECT * FROM ${table} ORDER BY 1, 2`).iterate()) {
        hash.update(JSON.stringify(row));
      }
    }
    return hash.digest('hex');
  } finally {
    db.close();
  }
}
