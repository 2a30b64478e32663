import type { CalculatedField } from '../../../contract/field';
import { searchItemOf } from '../../../contract/field';
import type { CycleNote } from '../../fields/derive-fields';
import { deriveFields } from '../../fields/derive-fields';
import type { ImportContext } from '../field-store';
import type { PreparedImport } from '../prepared-import';
import type { Db } from './db';
import type { FieldRow, LinkRow } from './rows';
import type { IndexColumns } from '../index/index-columns';
import { loadIndexColumns } from './load-index-columns';
import type { CreateRequest, UpdateRequest } from '../../../contract/template-writes';
import type { WriteOutcome } from '../../fields/write-outcome';
import { SqliteFieldEdits } from './field-edits';
import { FieldWriter } from './field-writer';
import type { ChangesSince } from './index-changes';
import { IndexChanges } from './index-changes';
import { REDERIVE_PENDING } from './migrate-schema';
import { readAuthoredFields, readInstanceShape, readStoredFieldFacts } from './read-stored-fields';
import { fieldFromRow, linkFromRow } from './rows';

/**
 * The calculated fields in SQLite: the source of truth. It reads and writes
 * records; searches and statistics are answered by the index in front of it
 * (IndexedFieldStore), and a plain SQL search exists only as the tests' oracle.
 */
export class SqliteFieldStore {
  private readonly statements;
  private readonly writer: FieldWriter;
  private readonly edits: SqliteFieldEdits;
  private readonly changes: IndexChanges;

  constructor(private readonly db: Db) {
    this.writer = new FieldWriter(db);
    this.edits = new SqliteFieldEdits(db, this.writer, (id) => this.getField(id));
    this.changes = new IndexChanges(db);
    this.statements = {
      field: db.prepare<[number], FieldRow>('SELECT * FROM fields WHERE id = ?'),
      links: db.prepare<[number], LinkRow>(
        'SELECT * FROM links WHERE field_id = ? ORDER BY position',
      ),
      setLocked: db.prepare<[number, number, number, number]>(
        'UPDATE fields SET locked = ?, last_modified = ? WHERE id = ? AND locked <> ?',
      ),
      searchJson: db.prepare<[string]>(
        'SELECT id, search_json FROM fields WHERE id IN (SELECT value FROM json_each(?))',
      ),
      searchJsonOf: db.prepare<[number]>('SELECT id, search_json FROM fields WHERE id = ?'),
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
      setSearchJson: db.prepare<[string, number]>('UPDATE fields SET search_json = ? WHERE id = ?'),
      upsertOwner: db.prepare(
        'INSERT INTO owners (id, name, active) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, active = excluded.active',
      ),
      upsertDataSource: db.prepare(
        'INSERT INTO data_sources (id, name, columns, owner) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, columns = excluded.columns, owner = excluded.owner',
      ),
      upsertCard: db.prepare(
        'INSERT INTO cards (id, title, data_source_id, owner) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET title = excluded.title, data_source_id = excluded.data_source_id, owner = excluded.owner',
      ),
      rederivePending: db
        .prepare<[string], number>('SELECT count(*) FROM meta WHERE key = ?')
        .pluck(),
      clearRederive: db.prepare<[string]>('DELETE FROM meta WHERE key = ?'),
    };
  }

  getField(id: number): CalculatedField | undefined {
    const row = this.statements.field.get(id);
    return row && fieldFromRow(row, this.statements.links.all(id).map(linkFromRow));
  }

  setLocked(id: number, locked: boolean, now: number): CalculatedField | undefined {
    return this.setLockedMany([id], locked, now)[0];
  }

  /** One transaction for all of them: a bulk lock commits once, or not at all. */
  setLockedMany(
    ids: readonly number[],
    locked: boolean,
    now: number,
  ): Array<CalculatedField | undefined> {
    const flag = locked ? 1 : 0;
    const change = this.db.transaction(() => ids.map((id) => this.writeLock(id, flag, now)));
    return change();
  }

  private writeLock(id: number, flag: number, now: number): CalculatedField | undefined {
    if (this.statements.setLocked.run(flag, now, id, flag).changes === 0) return this.getField(id);
    const field = this.getField(id)!;
    this.statements.setSearchJson.run(JSON.stringify(searchItemOf(field)), id);
    return field;
  }

  updateField(id: number, request: UpdateRequest, now: number): WriteOutcome {
    return this.edits.update(id, request, now);
  }

  previewUpdate(current: CalculatedField, request: UpdateRequest, now: number): WriteOutcome {
    return this.edits.preview(current, request, now);
  }

  createField(request: CreateRequest, now: number): WriteOutcome {
    return this.edits.create(request, now);
  }

  restoreField(recorded: CalculatedField): WriteOutcome {
    return this.edits.restore(recorded);
  }

  deleteField(id: number): WriteOutcome {
    return this.edits.delete(id);
  }

  importContext(): ImportContext {
    const shape = readInstanceShape(this.db);
    const fields = this.db
      .prepare<[], { id: number; locked: number; legacy_id: string }>(
        'SELECT id, locked, legacy_id FROM fields',
      )
      .all();
    return {
      ownerIds: new Set(
        this.db
          .prepare<[], { id: number }>('SELECT id FROM owners')
          .all()
          .map((row) => row.id),
      ),
      dataSourceColumns: shape.columnsBySource,
      cardDataSources: shape.sourceByCard,
      lockedFieldIds: new Set(fields.filter((row) => row.locked === 1).map((row) => row.id)),
      legacyIds: new Map(fields.map((row) => [row.id, row.legacy_id])),
      fields: readStoredFieldFacts(this.db),
    };
  }

  applyImport(prepared: PreparedImport): void {
    const { upsertOwner, upsertDataSource, upsertCard } = this.statements;
    const write = this.db.transaction(() => {
      for (const owner of prepared.owners) {
        upsertOwner.run(owner.id, owner.name, owner.active ? 1 : 0);
      }
      for (const source of prepared.dataSources) {
        upsertDataSource.run(
          source.id,
          source.name,
          JSON.stringify(source.columns),
          source.owner ?? null,
        );
      }
      for (const card of prepared.cards) {
        upsertCard.run(card.id, card.title, card.dataSourceId, card.owner ?? null);
      }
      for (const field of prepared.fields) this.writer.write(field);
      for (const update of prepared.updates) this.writer.update(update);
    });
    write.immediate();
  }

  /** True when a store written by an earlier version still needs rederiveAll. */
  rederivePending(): boolean {
    return this.statements.rederivePending.get(REDERIVE_PENDING)! > 0;
  }

  /**
   * Derives every field again from what was authored, keeping ids, legacy ids,
   * times and flags, and writes them all in one transaction. Run once when a store
   * written by an earlier version opens (migrate-schema.ts); a second process
   * opening the store meanwhile finds the work done.
   */
  rederiveAll(): CycleNote[] {
    const rederive = this.db.transaction((): CycleNote[] => {
      if (!this.rederivePending()) return [];
      const derivation = deriveFields(readAuthoredFields(this.db), [], readInstanceShape(this.db));
      for (const field of derivation.fields) this.writer.write(field);
      this.statements.clearRederive.run(REDERIVE_PENDING);
      return derivation.cycles;
    });
    return rederive.immediate();
  }

  /** Field id -> its search result as JSON, for the ids given. */
  searchJson(ids: readonly number[]): Array<[number, string]> {
    // One id is the usual miss of a templateDependencies page (most fields have one
    // dependent); a plain lookup skips json_each and costs about a quarter less.
    const rows =
      ids.length === 1
        ? this.statements.searchJsonOf.raw().all(ids[0]!)
        : this.statements.searchJson.raw().all(JSON.stringify(ids));
    return rows as Array<[number, string]>;
  }

  /** What the search index is built from. */
  loadIndexColumns(): IndexColumns {
    return loadIndexColumns(this.db);
  }

  /** The columns and the count of changes they hold, read in one transaction. */
  loadIndex(): { columns: IndexColumns; seq: number } {
    const read = this.db.transaction(() => ({
      columns: this.loadIndexColumns(),
      seq: this.changes.seq(),
    }));
    return read();
  }

  /** The changes to what the index reads after the count `seq`. */
  indexChangesSince(seq: number): ChangesSince {
    return this.changes.since(seq);
  }

  /** The store's count of changes to what the index reads, now. */
  indexChangeSeq(): number {
    return this.changes.seq();
  }

  /** The id the store was given when created. */
  storeId(): string {
    return this.changes.storeId();
  }

  /** Moves when another connection (another process) commits to the file. */
  dataVersion(): number {
    return this.statements.dataVersion.get()!;
  }
}
