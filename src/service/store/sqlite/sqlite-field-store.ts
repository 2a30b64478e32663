import type { CalculatedField, Link } from '../../../contract/field';
import { searchItemOf, VALID } from '../../../contract/field';
import type { NormalizedSearchRequest } from '../../../contract/search';
import type { Statistics } from '../../../contract/statistics';
import { columnsOf, linkValidity } from '../../fields/link-validity';
import type { FieldStore, ImportContext } from '../field-store';
import type { PreparedImport } from '../prepared-import';
import type { Db } from './open-database';
import type { FieldRow, LinkRow } from './rows';
import type { IndexColumns } from '../index/index-columns';
import { loadIndexColumns } from './load-index-columns';
import type { SearchPage } from '../search-page';
import { fieldFromRow, linkFromRow } from './rows';
import { orderClause, whereClause } from './search-sql';

/** The calculated fields in SQLite: the source of truth, answering every query with SQL. */
export class SqliteFieldStore implements FieldStore {
  private readonly statements;

  constructor(private readonly db: Db) {
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
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
      setSearchJson: db.prepare<[string, number]>('UPDATE fields SET search_json = ? WHERE id = ?'),
      statistics: db.prepare<[], Statistics>(`
        SELECT count(*) AS total,
          coalesce(sum(has_visible_data_source), 0) AS onDatasets,
          coalesce(sum(1 - has_visible_data_source), 0) AS onCards,
          coalesce(sum(has_active_card), 0) AS inVisualizations,
          coalesce(sum(locked), 0) AS locked,
          coalesce(sum(status <> '${VALID}'), 0) AS invalid,
          coalesce(sum(has_invalid_link), 0) AS invalidLink,
          coalesce(sum(archived), 0) AS archived
        FROM fields`),
      upsertOwner: db.prepare(
        'INSERT INTO owners (id, name) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name',
      ),
      upsertDataSource: db.prepare(
        'INSERT INTO data_sources (id, name, columns) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET name = excluded.name, columns = excluded.columns',
      ),
      upsertCard: db.prepare(
        'INSERT INTO cards (id, title, data_source_id) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET title = excluded.title, data_source_id = excluded.data_source_id',
      ),
      deleteField: db.prepare('DELETE FROM fields WHERE id = ?'),
      insertField: db.prepare(
        `INSERT INTO fields (id, name, name_key, owner, locked, global, archived, hidden, variable,
          aggregated, analytic, expression, check_sum, legacy_id, created, last_modified, data_type,
          status, cache_window, column_positions, functions, has_invalid_link, has_active_link,
          has_visible_data_source, has_active_card, search_json)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertLink: db.prepare(
        'INSERT INTO links (field_id, position, resource_type, resource_id, visible, active, valid) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      insertFunction: db.prepare('INSERT INTO field_functions (field_id, name) VALUES (?, ?)'),
    };
  }

  search(request: NormalizedSearchRequest): SearchPage {
    const where = whereClause(request);
    const offset = request.offset ?? 0;
    const { count: totalHits } = this.db
      .prepare<unknown[], { count: number }>(`SELECT count(*) AS count FROM fields ${where.sql}`)
      .get(...where.params)!;
    const results = this.db
      .prepare<unknown[], string>(
        `SELECT search_json FROM fields ${where.sql} ${orderClause(request)} LIMIT ? OFFSET ?`,
      )
      .pluck()
      .all(...where.params, request.limit, offset);
    return { totalHits, results, hasMore: offset + results.length < totalHits, degraded: false };
  }

  getField(id: number): CalculatedField | undefined {
    const row = this.statements.field.get(id);
    return row && fieldFromRow(row, this.statements.links.all(id).map(linkFromRow));
  }

  setLocked(id: number, locked: boolean, now: number): CalculatedField | undefined {
    const flag = locked ? 1 : 0;
    const change = this.db.transaction(() => {
      if (this.statements.setLocked.run(flag, now, id, flag).changes === 0)
        return this.getField(id);
      const field = this.getField(id)!;
      this.statements.setSearchJson.run(JSON.stringify(searchItemOf(field)), id);
      return field;
    });
    return change();
  }

  statistics(): Statistics {
    return this.statements.statistics.get()!;
  }

  importContext(): ImportContext {
    const dataSources = this.db
      .prepare<[], { id: string; columns: string }>('SELECT id, columns FROM data_sources')
      .all();
    const cards = this.db
      .prepare<[], { id: string; data_source_id: string }>('SELECT id, data_source_id FROM cards')
      .all();
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
      dataSourceColumns: new Map(dataSources.map((row) => [row.id, JSON.parse(row.columns)])),
      cardDataSources: new Map(cards.map((row) => [row.id, row.data_source_id])),
      lockedFieldIds: new Set(fields.filter((row) => row.locked === 1).map((row) => row.id)),
      legacyIds: new Map(fields.map((row) => [row.id, row.legacy_id])),
    };
  }

  applyImport(prepared: PreparedImport): void {
    const { upsertOwner, upsertDataSource, upsertCard } = this.statements;
    const write = this.db.transaction(() => {
      for (const owner of prepared.owners) upsertOwner.run(owner.id, owner.name);
      for (const source of prepared.dataSources) {
        upsertDataSource.run(source.id, source.name, JSON.stringify(source.columns));
      }
      for (const card of prepared.cards) upsertCard.run(card.id, card.title, card.dataSourceId);
      for (const field of prepared.fields) this.writeField(field);
      this.refreshLinkValidity(prepared);
    });
    write();
  }

  /** Field id -> its search result as JSON, for the ids given. */
  searchJson(ids: readonly number[]): Array<[number, string]> {
    return this.statements.searchJson.raw().all(JSON.stringify(ids)) as Array<[number, string]>;
  }

  /** What the search index is built from. */
  loadIndexColumns(): IndexColumns {
    return loadIndexColumns(this.db);
  }

  /** Moves when another connection (another process) commits to the file. */
  dataVersion(): number {
    return this.statements.dataVersion.get()!;
  }

  private writeField(field: CalculatedField): void {
    const flag = (value: boolean) => (value ? 1 : 0);
    const { deleteField, insertField, insertLink, insertFunction } = this.statements;
    deleteField.run(field.id);
    insertField.run(
      field.id,
      field.name,
      field.name.toLowerCase(),
      field.owner,
      flag(field.locked),
      flag(field.global),
      flag(field.archived),
      flag(field.hidden),
      flag(field.variable),
      flag(field.aggregated),
      flag(field.analytic),
      field.expression,
      field.checkSum,
      field.legacyId,
      field.created,
      field.lastModified,
      field.dataType,
      field.status,
      field.cacheWindow,
      JSON.stringify(field.columnPositions),
      JSON.stringify(field.functions),
      ...linkSummaryFlags(field.links),
      JSON.stringify(searchItemOf(field)),
    );
    field.links.forEach((link, position) =>
      insertLink.run(
        field.id,
        position,
        link.resource.type,
        link.resource.id,
        flag(link.visible),
        flag(link.active),
        link.valid,
      ),
    );
    for (const name of new Set(field.functions)) insertFunction.run(field.id, name);
  }

  /**
   * Fields already stored that link to a data source or card this import changed
   * get their link validity computed again against the new columns.
   */
  private refreshLinkValidity(prepared: PreparedImport): void {
    const changedSources = new Set(prepared.dataSources.map((source) => source.id));
    const changedCards = new Set(prepared.cards.map((card) => card.id));
    if (changedSources.size === 0 && changedCards.size === 0) return;
    const imported = new Set(prepared.fields.map((field) => field.id));
    const context = this.importContext();
    const affected = this.db
      .prepare<[string, string], { field_id: number }>(
        `SELECT DISTINCT field_id FROM links
         WHERE (resource_type = 'DATA_SOURCE' AND resource_id IN (SELECT value FROM json_each(?)))
            OR (resource_type = 'CARD' AND resource_id IN (SELECT value FROM json_each(?)))`,
      )
      .all(JSON.stringify([...changedSources]), JSON.stringify([...changedCards]))
      .map((row) => row.field_id)
      .filter((id) => !imported.has(id));
    for (const id of affected) {
      const field = this.getField(id);
      if (!field) continue;
      const columns = columnsOf(field.columnPositions);
      const links = field.links.map((link) => {
        const sourceId =
          link.resource.type === 'CARD'
            ? context.cardDataSources.get(link.resource.id)
            : link.resource.id;
        const sourceColumns = sourceId ? context.dataSourceColumns.get(sourceId) : undefined;
        return { ...link, valid: linkValidity(columns, sourceColumns) };
      });
      this.writeField({ ...field, links });
    }
  }
}

/** has_invalid_link, has_active_link, has_visible_data_source, has_active_card */
function linkSummaryFlags(links: readonly Link[]): [number, number, number, number] {
  const any = (test: (link: Link) => boolean) => (links.some(test) ? 1 : 0);
  return [
    any((link) => link.valid !== VALID),
    any((link) => link.active),
    any((link) => link.resource.type === 'DATA_SOURCE' && link.visible),
    any((link) => link.resource.type === 'CARD' && link.active),
  ];
}
