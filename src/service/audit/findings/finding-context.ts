import type { FactsColumns } from './facts-columns';
import type { FactsTable } from './facts-table';
import type { InstanceDirectory } from './instance-directory';
import type { FieldReferences } from './references-between-fields';

/** What every rule reads: the fields of one snapshot, the references between them, the directory. */
export interface FindingContext {
  /** By field id, in ascending id order. */
  fields: FactsTable;
  references: FieldReferences;
  directory?: InstanceDirectory;
  /**
   * The expressions of the fields given, by id, read from the audit's file when a
   * rule needs them: facts held in memory keep none (field-facts.ts).
   */
  expressions: ExpressionReader;
}

export type ExpressionReader = (fieldIds: readonly number[]) => ReadonlyMap<number, string>;

/**
 * What a rule reads while the findings are made: the context, and every field's facts
 * as one set of columns, ids ascending (FactsTable.asColumns), which a rule reads
 * without making a facts object per field.
 */
export interface RuleInput extends FindingContext {
  columns: FactsColumns;
}
