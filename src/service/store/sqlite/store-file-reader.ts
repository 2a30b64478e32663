import Database from 'better-sqlite3';
import type { CalculatedField } from '../../../contract/field';
import type { Db } from './db';
import type { FieldRow, LinkRow } from './rows';
import { fieldFromRow, linkFromRow } from './rows';

/** A page of search results as stored, in id order. */
export interface StoredPage {
  /**
   * Field id and its search result as JSON; undefined for a field not changed since
   * the revision the page was asked after.
   */
  rows: Array<[number, string | undefined]>;
  /** Whether fields are stored after the last row of the page. */
  more: boolean;
  /** Fields stored, counted when the page was read, when asked for (15 ms at 1,000,000 fields). */
  total?: number;
}

/** Where a store stands: its id (meta `store_id`) and its latest field revision (field-revisions.ts). */
export interface StoreRevision {
  storeId: string;
  revision: number;
}

type RevisionRow = [id: number, revision: number, searchJson: string | null];

function revisionStatements(db: Db) {
  return {
    count: db.prepare<[], number>('SELECT count(*) FROM field_revisions').pluck(),
    revision: db.prepare<[], number>('SELECT revision FROM field_revision_count').pluck(),
    storeId: db.prepare<[], string>("SELECT value FROM meta WHERE key = 'store_id'").pluck(),
    // The search result only of a field changed after the revision: the others' rows are not read.
    after: db
      .prepare<[{ afterId: number; changedAfter: number; limit: number }], RevisionRow>(
        `SELECT r.field_id, r.revision, CASE WHEN r.revision > @changedAfter
           THEN (SELECT search_json FROM fields WHERE id = r.field_id) END
         FROM field_revisions r WHERE r.field_id > @afterId ORDER BY r.field_id LIMIT @limit`,
      )
      .raw(),
  };
}

/** A page's rows: a field unchanged since `changedAfter` without its search result. */
function changedAfterRows(
  rows: RevisionRow[],
  changedAfter: number,
): Array<[number, string | undefined]> {
  const page: Array<[number, string | undefined]> = [];
  for (const [id, revision, json] of rows) {
    if (revision <= changedAfter) page.push([id, undefined]);
    // A revision without its field, which the triggers do not allow, lists nothing.
    else if (json !== null) page.push([id, json]);
  }
  return page;
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
  private readonly readPage: (
    afterId: number,
    limit: number,
    counted: boolean,
    changedAfter: number | undefined,
  ) => StoredPage;
  private readonly readRevision: () => StoreRevision | undefined;
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
      hasRevisions: this.db
        .prepare<[], number>(
          "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'field_revisions'",
        )
        .pluck(),
      idAt: this.db
        .prepare<[number], number>('SELECT id FROM fields ORDER BY id LIMIT 1 OFFSET ?')
        .pluck(),
      fields: this.db.prepare<[string], FieldRow>(`SELECT * FROM fields WHERE id IN (${ids})`),
      links: this.db.prepare<[string], LinkRow>(
        `SELECT * FROM links WHERE field_id IN (${ids}) ORDER BY field_id, position`,
      ),
    };
    this.statements = statements;
    // Prepared on first use: a store no version with revisions has opened lacks their table.
    let revisions: ReturnType<typeof revisionStatements> | undefined;
    this.readRevision = this.db.transaction(() => {
      if (statements.hasRevisions.get() === 0) return undefined;
      revisions ??= revisionStatements(this.db);
      // A row for every field and no other (field-revisions.ts), or the revisions are not to be trusted.
      if (revisions.count.get() !== statements.count.get()) return undefined;
      return { storeId: revisions.storeId.get()!, revision: revisions.revision.get()! };
    });
    this.readPage = this.db.transaction(
      (afterId: number, limit: number, counted: boolean, changedAfter: number | undefined) => {
        const rows =
          changedAfter === undefined
            ? (statements.after.all(afterId, limit + 1) as Array<[number, string]>)
            : (revisions ??= revisionStatements(this.db)).after.all({
                afterId,
                changedAfter,
                limit: limit + 1,
              });
        const more = rows.length > limit;
        const inPage = more ? rows.slice(0, limit) : rows;
        const page = {
          rows:
            changedAfter === undefined
              ? (inPage as Array<[number, string]>)
              : changedAfterRows(inPage as RevisionRow[], changedAfter),
          more,
        };
        return counted ? { ...page, total: statements.count.get()! } : page;
      },
    );
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

  /**
   * Up to `limit` search results of the fields after id `afterId`, in id order; counted,
   * with the total. With `changedAfter` (a revision `revision()` answered), only the
   * fields changed after it come with their search results.
   */
  pageAfter(afterId: number, limit: number, counted = false, changedAfter?: number): StoredPage {
    return this.readPage(afterId, limit, counted, changedAfter);
  }

  /** The store's id and its latest field revision; undefined when it keeps none to trust. */
  revision(): StoreRevision | undefined {
    return this.readRevision();
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
