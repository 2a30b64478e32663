import Database from 'better-sqlite3';
import type { CalculatedField } from '../../../contract/field';
import type { Db } from './db';
import type { FieldRow, LinkRow } from './rows';
import { fieldFromRow, linkFromRow } from './rows';

/** A page of search results as stored, in id order. */
export interface StoredPage {
  /** Field id and its search result as JSON. */
  rows: Array<[number, string]>;
  /** Whether fields are stored after the last row of the page. */
  more: boolean;
  /** Fields stored, counted when the page was read, when asked for (15 ms at 1,000,000 fields). */
  total?: number;
}

/**
 * The store's file read through a read-only connection of its own: the audit's
 * worker thread lists and reads the fields with it while the server answers requests
 * and writes through its connection. The file is in WAL mode, so neither waits for the
 * other; each call is one short read transaction, so a checkpoint of the server's
 * writes never waits long for the reader either.
 */
export class StoreFileReader {
  private readonly db: Db;
  private readonly statements;
  private readonly readPage: (afterId: number, limit: number, counted: boolean) => StoredPage;
  private readonly readFields: (ids: readonly number[]) => Array<CalculatedField | undefined>;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
    this.db.pragma('busy_timeout = 5000');
    const ids = 'SELECT value FROM json_each(?)';
    const statements = {
      after: this.db
        .prepare<[number, number]>(
          'SELECT id, search_json FROM fields WHERE id > ? ORDER BY id LIMIT ?',
        )
        .raw(),
      count: this.db.prepare<[], number>('SELECT count(*) FROM fields').pluck(),
      idAt: this.db
        .prepare<[number], number>('SELECT id FROM fields ORDER BY id LIMIT 1 OFFSET ?')
        .pluck(),
      fields: this.db.prepare<[string], FieldRow>(`SELECT * FROM fields WHERE id IN (${ids})`),
      links: this.db.prepare<[string], LinkRow>(
        `SELECT * FROM links WHERE field_id IN (${ids}) ORDER BY field_id, position`,
      ),
    };
    this.statements = statements;
    this.readPage = this.db.transaction((afterId: number, limit: number, counted: boolean) => {
      const rows = statements.after.all(afterId, limit + 1) as Array<[number, string]>;
      const more = rows.length > limit;
      const page = { rows: more ? rows.slice(0, limit) : rows, more };
      return counted ? { ...page, total: statements.count.get()! } : page;
    });
    this.readFields = this.db.transaction((wanted: readonly number[]) => {
      const json = JSON.stringify(wanted);
      const links = new Map<number, LinkRow[]>();
      for (const link of statements.links.all(json)) {
        const ofField = links.get(link.field_id);
        if (ofField) ofField.push(link);
        else links.set(link.field_id, [link]);
      }
      const rows = new Map(statements.fields.all(json).map((row) => [row.id, row]));
      return wanted.map((id) => {
        const row = rows.get(id);
        return row && fieldFromRow(row, (links.get(id) ?? []).map(linkFromRow));
      });
    });
  }

  /** Up to `limit` search results of the fields after id `afterId`, in id order; counted, with the total. */
  pageAfter(afterId: number, limit: number, counted = false): StoredPage {
    return this.readPage(afterId, limit, counted);
  }

  /** The id of the field at this position in id order; undefined past the last. */
  idAt(position: number): number | undefined {
    return this.statements.idAt.get(position);
  }

  /** These fields, complete, as the store's getField answers them; undefined for an id no field has. */
  fields(ids: readonly number[]): Array<CalculatedField | undefined> {
    return this.readFields(ids);
  }

  close(): void {
    this.db.close();
  }
}
