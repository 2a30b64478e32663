import type { DataSourceRecord } from '../instance/instance-file';

export interface CategoryColumn {
  column: string;
  values: readonly string[];
}

/** The columns of one data source, grouped by the role they can play in an expression. */
export interface DemoColumns {
  ids: readonly string[];
  dates: readonly string[];
  measures: readonly string[];
  categories: readonly CategoryColumn[];
  texts: readonly string[];
}

/** A generated data source: the record written to the file plus what expressions need. */
export interface DemoDataSource {
  record: DataSourceRecord;
  columns: DemoColumns;
  /** Business columns of its theme that this data source does not carry. */
  absentColumns: readonly string[];
}
