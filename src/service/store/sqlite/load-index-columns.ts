import type { IndexColumns } from '../index/index-columns';
import { flagBits } from '../index/index-columns';
import type { Db } from './open-database';

const packedFlags = flagBits.map((column, bit) => `(${column} << ${bit})`).join(' | ');

/** One JSON array per column, built by SQLite: far fewer values cross into JavaScript. */
function columnsOf(db: Db, sql: string): unknown[][] {
  const row = db.prepare(sql).raw().get() as Array<string | null>;
  return row.map((json) => (json ? (JSON.parse(json) as unknown[]) : []));
}

/** Value -> field ids, for a grouped query answering (value, json array of ids). */
function fieldsByValue(db: Db, sql: string): Map<string, number[]> {
  const rows = db.prepare(sql).raw().all() as Array<[string, string]>;
  return new Map(rows.map(([value, ids]) => [value, JSON.parse(ids) as number[]]));
}

/**
 * Everything the search index needs, in a handful of queries: the table is read
 * once in rowid order, names in name order come from the covering index, and
 * postings come grouped by value.
 */
export function loadIndexColumns(db: Db): IndexColumns {
  const [idsByName = [], nameKeys = []] = columnsOf(
    db,
    'SELECT json_group_array(id), json_group_array(name_key) FROM (SELECT id, name_key FROM fields ORDER BY name_key, id)',
  );
  const [ids = [], owners = [], created = [], lastModified = [], flags = [], statuses = []] =
    columnsOf(
      db,
      `SELECT json_group_array(id), json_group_array(owner), json_group_array(created),
        json_group_array(last_modified), json_group_array(${packedFlags}), json_group_array(status)
       FROM (SELECT * FROM fields ORDER BY id)`,
    );
  // Rows arrive in id order; positions are in name order.
  const positionOfId = new Map((idsByName as number[]).map((id, position) => [id, position]));
  const size = idsByName.length;
  const columns: IndexColumns = {
    ids: Float64Array.from(idsByName as number[]),
    nameKeys: nameKeys as string[],
    owners: new Float64Array(size),
    created: new Float64Array(size),
    lastModified: new Float64Array(size),
    flags: new Int32Array(size),
    statuses: new Array<string>(size),
    fieldsByFunction: fieldsByValue(
      db,
      'SELECT name, json_group_array(field_id) FROM field_functions GROUP BY name',
    ),
    fieldsByDataSource: fieldsByValue(
      db,
      "SELECT resource_id, json_group_array(DISTINCT field_id) FROM links WHERE resource_type = 'DATA_SOURCE' GROUP BY resource_id",
    ),
    fieldsByCard: fieldsByValue(
      db,
      "SELECT resource_id, json_group_array(DISTINCT field_id) FROM links WHERE resource_type = 'CARD' GROUP BY resource_id",
    ),
    fieldsByReference: new Map(
      [
        ...fieldsByValue(
          db,
          'SELECT target_id, json_group_array(field_id) FROM field_references GROUP BY target_id',
        ),
      ].map(([target, fieldIds]) => [Number(target), fieldIds]),
    ),
    idOrder: ids as number[],
    createdOrder: columnsOf(
      db,
      'SELECT json_group_array(id) FROM (SELECT id FROM fields ORDER BY created, id)',
    )[0] as number[],
    lastModifiedOrder: columnsOf(
      db,
      'SELECT json_group_array(id) FROM (SELECT id FROM fields ORDER BY last_modified, id)',
    )[0] as number[],
  };
  (ids as number[]).forEach((id, row) => {
    const position = positionOfId.get(id)!;
    columns.owners[position] = owners[row] as number;
    columns.created[position] = created[row] as number;
    columns.lastModified[position] = lastModified[row] as number;
    columns.flags[position] = flags[row] as number;
    columns.statuses[position] = statuses[row] as string;
  });
  return columns;
}
