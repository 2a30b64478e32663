import type { ColumnPosition } from '../../../contract/field';
import type {
  AuthoredField,
  AuthoredLink,
  InstanceShape,
  StoredFieldFacts,
} from '../../fields/derive-fields';
import type { Db } from './db';
import type { FieldRow } from './rows';

/**
 * Data sources' columns and cards' data sources, as stored; or only those the
 * links given point at (a card's data source included).
 */
export function readInstanceShape(
  db: Db,
  links?: ReadonlyArray<{ type: string; id: string }>,
): InstanceShape {
  const ids = (type: string) =>
    links && {
      ids: JSON.stringify(links.filter((link) => link.type === type).map(({ id }) => id)),
    };
  const cardIds = ids('CARD');
  const cards = db
    .prepare<unknown[], { id: string; data_source_id: string }>(
      `SELECT id, data_source_id FROM cards ${cardIds ? 'WHERE id IN (SELECT value FROM json_each(@ids))' : ''}`,
    )
    .all(...(cardIds ? [cardIds] : []));
  const sourceIds = ids('DATA_SOURCE') && {
    ids: JSON.stringify([
      ...JSON.parse(ids('DATA_SOURCE')!.ids),
      ...cards.map((card) => card.data_source_id),
    ]),
  };
  const dataSources = db
    .prepare<unknown[], { id: string; columns: string }>(
      `SELECT id, columns FROM data_sources ${sourceIds ? 'WHERE id IN (SELECT value FROM json_each(@ids))' : ''}`,
    )
    .all(...(sourceIds ? [sourceIds] : []));
  return {
    columnsBySource: new Map(
      dataSources.map((row) => [row.id, JSON.parse(row.columns) as string[]]),
    ),
    sourceByCard: new Map(cards.map((row) => [row.id, row.data_source_id])),
  };
}

/** `WHERE <column> IN` the ids given as JSON, or nothing when every field is read. */
function onlyIds(column: string, ids: readonly number[] | undefined): string {
  return ids ? `WHERE ${column} IN (SELECT value FROM json_each(@ids))` : '';
}

/**
 * Every stored field's references, links and derived state, for an import to
 * compare against; or only the fields with the ids given.
 */
export function readStoredFieldFacts(db: Db, ids?: readonly number[]): StoredFieldFacts[] {
  const parameters = ids ? [{ ids: JSON.stringify(ids) }] : [];
  const rows = db
    .prepare<
      unknown[],
      {
        id: number;
        name: string;
        column_positions: string;
        expression_status: string;
        status: string;
      }
    >(
      `SELECT id, name, column_positions, expression_status, status FROM fields ${onlyIds('id', ids)} ORDER BY id`,
    )
    .all(...parameters);
  const links = linksByField(db, ids);
  const references = new Map<number, number[]>();
  for (const row of db
    .prepare<unknown[], { field_id: number; target_id: number }>(
      `SELECT field_id, target_id FROM field_references ${onlyIds('field_id', ids)} ORDER BY field_id, target_id`,
    )
    .all(...parameters)) {
    const targets = references.get(row.field_id);
    if (targets) targets.push(row.target_id);
    else references.set(row.field_id, [row.target_id]);
  }
  return rows.map((row) => {
    const fieldLinks = links.get(row.id) ?? [];
    const positions = JSON.parse(row.column_positions) as ColumnPosition[];
    return {
      id: row.id,
      name: row.name,
      referencedNames: [...new Set(positions.map(({ columnName }) => columnName.slice(1, -1)))],
      expressionStatus: row.expression_status,
      links: fieldLinks.map(({ type, id }) => ({ type, id })),
      linkValidity: fieldLinks.map(({ valid }) => valid),
      status: row.status,
      references: references.get(row.id) ?? [],
    };
  });
}

/** Every stored field as its author wrote it, to derive it again. */
export function readAuthoredFields(db: Db): AuthoredField[] {
  const links = linksByField(db);
  return db
    .prepare<[], FieldRow>('SELECT * FROM fields ORDER BY id')
    .all()
    .map((row) => ({
      id: row.id,
      name: row.name,
      owner: row.owner,
      expression: row.expression,
      locked: row.locked === 1,
      global: row.global === 1,
      archived: row.archived === 1,
      hidden: row.hidden === 1,
      variable: row.variable === 1,
      dataType: row.data_type,
      cacheWindow: row.cache_window,
      created: row.created,
      lastModified: row.last_modified,
      legacyId: row.legacy_id,
      links: (links.get(row.id) ?? []).map(({ type, id, visible, active }): AuthoredLink => ({
        type,
        id,
        visible,
        active,
      })),
    }));
}

interface StoredLink extends AuthoredLink {
  valid: string;
}

function linksByField(db: Db, ids?: readonly number[]): Map<number, StoredLink[]> {
  const byField = new Map<number, StoredLink[]>();
  const rows = db
    .prepare<
      unknown[],
      {
        field_id: number;
        resource_type: string;
        resource_id: string;
        visible: number;
        active: number;
        valid: string;
      }
    >(
      `SELECT field_id, resource_type, resource_id, visible, active, valid FROM links ${onlyIds('field_id', ids)} ORDER BY field_id, position`,
    )
    .all(...(ids ? [{ ids: JSON.stringify(ids) }] : []));
  for (const row of rows) {
    const link = {
      type: row.resource_type,
      id: row.resource_id,
      visible: row.visible === 1,
      active: row.active === 1,
      valid: row.valid,
    };
    const links = byField.get(row.field_id);
    if (links) links.push(link);
    else byField.set(row.field_id, [link]);
  }
  return byField;
}
