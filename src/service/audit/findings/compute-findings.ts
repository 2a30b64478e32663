import type { FindingKey, Headline } from '../../../contract/audit';
import { FactsTable } from './facts-table';
import type { FieldFacts } from './field-facts';
import type { Finding } from './finding';
import { ascending } from './finding';
import type { ExpressionReader, FindingContext, RuleInput } from './finding-context';
import type { InstanceDirectory } from './instance-directory';
import { referencesBetweenFields } from './references-between-fields';
import { brokenReferences } from './rules/broken-references';
import { duplicates } from './rules/duplicates';
import { hiddenNameCharacters } from './rules/hidden-name-characters';
import { inactiveOwners } from './rules/inactive-owners';
import { invalidFields } from './rules/invalid-fields';
import { lintFindings } from './rules/lint-findings';
import { brokenDependencies, nestedChains } from './rules/nested-chains';
import { unusedFields } from './rules/unused-fields';

export interface Findings extends FindingContext {
  byKey: Record<FindingKey, Finding>;
  headline: Headline;
  /**
   * The archived fields that nothing uses, ids ascending: not in Unused (retired
   * already), and counted in no headline; a clean-up may delete them (cleanup-plan.ts).
   */
  archivedUnused: number[];
}

/**
 * Every finding of one snapshot (docs/audit.md, "Findings"). `expressions` reads
 * the expressions of that snapshot's fields. Each rule reads every field's facts
 * from one set of columns, making no object per field: at 1,000,000 fields making a
 * facts object for each field in each pass took much of the findings' time.
 */
export function computeFindings(
  facts: FactsTable | Iterable<FieldFacts>,
  expressions: ExpressionReader,
  directory?: InstanceDirectory,
): Findings {
  // Merged once: the findings then carry no changes beside the columns, and the
  // table they came from is left to the collector.
  const fields = (facts instanceof FactsTable ? facts : FactsTable.of(facts)).merged();
  const columns = fields.asColumns();
  const context: FindingContext = {
    fields,
    references: referencesBetweenFields(columns, directory),
    directory,
    expressions,
  };
  const input: RuleInput = { ...context, columns };
  const invalid = invalidFields(input);
  const broken = brokenReferences(input);
  const { exact, near } = duplicates(input);
  const { unused, archivedUnused } = unusedFields(input);
  const byKey: Record<FindingKey, Finding> = {
    invalid,
    'broken-references': broken,
    unused,
    'exact-duplicates': exact,
    'near-duplicates': near,
    nested: nestedChains(input),
    'broken-dependencies': brokenDependencies(
      input,
      ascending(new Set([...invalid.ids, ...broken.ids])),
    ),
    lint: lintFindings(input),
    'inactive-owners': inactiveOwners(input),
    'hidden-name-characters': hiddenNameCharacters(input),
  };
  let locked = 0;
  let archived = 0;
  for (let at = 0; at < columns.count; at += 1) {
    if (columns.isLocked(at)) locked += 1;
    if (columns.isArchived(at)) archived += 1;
  }
  const headline: Headline = {
    total: fields.size,
    locked,
    archived,
    invalid: invalid.ids.length,
    brokenReferences: broken.ids.length,
    unused: byKey.unused.ids.length,
    exactDuplicates: exact.ids.length,
    nearDuplicates: near.ids.length,
    nested: byKey.nested.ids.length,
    brokenDependencies: byKey['broken-dependencies'].ids.length,
    lint: byKey.lint.ids.length,
    inactiveOwners: byKey['inactive-owners'].ids.length,
    hiddenNameCharacters: byKey['hidden-name-characters'].ids.length,
  };
  return { ...context, byKey, headline, archivedUnused };
}
