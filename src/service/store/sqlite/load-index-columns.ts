import type { IndexColumns } from '../index/index-columns';
import { flagBits } from '../index/index-columns';
import type { Db } from './db';

const packedFlags = flagBits.map((column, bit) => `(${column} << ${bit})`).join(' | ');
/** Every column of `fields` the search index reads (index-changes.ts counts changes to them). */
export const indexedColumns = [
  'name_key',
  'id',
  'owner',
  'created',
  'last_modified',
  'status',
  ...flagBits,
];

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
 * Everything the search index needs, in a handful of queries: one scan of the
 * covering index fields_in_name_order gives every per-field column already in
 * position order, postings come grouped by value, and the two other orders come
 * from their own indexes. `ORDER BY name_key, id` is the name order of
 * contract/name-order.ts: SQLite compares text by code point, as compareNameKeys does.
 */
export function loadIndexColumns(db: Db): IndexColumns {
  const [
    ids = [],
    nameKeys = [],
    owners = [],
    created = [],
    lastModified = [],
    flags = [],
    statuses = [],
  ] = columnsOf(
    db,
    `SELECT json_group_array(id), json_group_array(name_key), json_group_array(owner),
       json_group_array(created), json_group_array(last_modified), json_group_array(${packedFlags}),
       json_group_array(status)
     FROM (SELECT ${indexedColumns.join(', ')} FROM fields INDEXED BY fields_in_name_order ORDER BY name_key, id)`,
  );
  return {
    ids: Float64Array.from(ids as number[]),
    nameKeys: nameKeys as string[],
    owners: Float64Array.from(owners as number[]),
    created: Float64Array.from(created as number[]),
    lastModified: Float64Array.from(lastModified as number[]),
    flags: Int32Array.from(flags as number[]),
    statuses: statuses as string[],
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
    idOrder: Array.from(Float64Array.from(ids as number[]).sort()),
    createdOrder: columnsOf(
      db,
      'SELECT json_group_array(id) FROM (SELECT id FROM fields ORDER BY created, id)',
    )[0] as number[],
    lastModifiedOrder: columnsOf(
      db,
      'SELECT json_group_array(id) FROM (SELECT id FROM fields ORDER BY last_modified, id)',
    )[0] as number[],
  };
}
