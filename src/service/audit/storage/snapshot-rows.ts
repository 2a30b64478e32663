/** The rows of one snapshot: a scan's members, or the instance as last seen (`current_members`). */
export interface SnapshotRows {
  table: 'scan_members' | 'current_members';
  /** The column that picks the snapshot's rows out of its table. */
  key: 'scan_id' | 'instance_id';
}

export const scanRows: SnapshotRows = { table: 'scan_members', key: 'scan_id' };
export const currentRows: SnapshotRows = { table: 'current_members', key: 'instance_id' };

/** The named parameters of `differingCountSql`. */
export interface DifferingRange {
  /** The value of `a.key` and `b.key` that picks each snapshot. */
  a: number;
  b: number;
  /** Field ids in [from, to]. */
  from: number;
  to: number;
}

/**
 * How many fields with ids in [@from, @to] differ between two snapshots: in `a` in
 * another version than in `b` or not in `b` at all, or in `b` and not in `a`. That is
 * the rows of both, less the fields in both once and those in the same version once
 * more: counted in one pass over the pairs, each snapshot's rows counted from its key
 * alone (two passes, one from each side, took twice as long at 1,000,000 fields).
 */
export function differingCountSql(a: SnapshotRows, b: SnapshotRows): string {
  const rows = (side: SnapshotRows, name: 'a' | 'b') =>
    `SELECT count(*) FROM ${side.table} WHERE ${side.key} = @${name} AND field_id BETWEEN @from AND @to`;
  return `SELECT (${rows(a, 'a')}) + (${rows(b, 'b')})
   - (SELECT count(*) + coalesce(sum(b.version_id = a.version_id), 0)
      FROM ${a.table} a JOIN ${b.table} b ON b.${b.key} = @b AND b.field_id = a.field_id
      WHERE a.${a.key} = @a AND a.field_id BETWEEN @from AND @to)`;
}

/** [field id, version id, facts, facts version] of every field of the snapshot picked by `?`, in id order. */
export const factsSql = (rows: SnapshotRows) =>
  `SELECT m.field_id, m.version_id, v.facts, v.facts_version FROM ${rows.table} m
   JOIN field_versions v ON v.id = m.version_id WHERE m.${rows.key} = ? ORDER BY m.field_id`;

/** [field id, expression] of the fields of the snapshot picked by the first `?` whose ids the second lists as JSON. */
export const expressionsSql = (rows: SnapshotRows) =>
  `SELECT m.field_id, json_extract(v.body, '$.expression') FROM ${rows.table} m
   JOIN field_versions v ON v.id = m.version_id
   WHERE m.${rows.key} = ? AND m.field_id IN (SELECT value FROM json_each(?))`;
