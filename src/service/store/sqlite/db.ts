import type Database from 'better-sqlite3';

/** A connection to the store's SQLite file. */
export type Db = Database.Database;
