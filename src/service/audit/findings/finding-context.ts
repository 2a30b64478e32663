import type { FieldFacts } from './field-facts';
import type { InstanceDirectory } from './instance-directory';
import type { FieldReferences } from './references-between-fields';

/** What every rule reads: the fields of one snapshot, the references between them, the directory. */
export interface FindingContext {
  /** By field id, in ascending id order. */
  fields: ReadonlyMap<number, FieldFacts>;
  references: FieldReferences;
  directory?: InstanceDirectory;
}
