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
 * another version than in `b` or not in `b` at all, or in `b` and not in `a`.
 */
export function differingCountSql(a: SnapshotRows, b: SnapshotRows): string {
  return `SELECT
     (SELECT count(*) FROM ${a.table} a LEFT JOIN ${b.table} b
        ON b.${b.key} = @b AND b.field_id = a.field_id
      WHERE a.${a.key} = @a AND a.field_id BETWEEN @from AND @to
      AND (b.version_id IS NULL OR b.version_id <> a.version_id))
   + (SELECT count(*) FROM ${b.table} b WHERE b.${b.key} = @b AND b.field_id BETWEEN @from AND @to
      AND NOT EXISTS (SELECT 1 FROM ${a.table} a WHERE a.${a.key} = @a AND a.field_id = b.field_id))`;
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
