import type { FindingKey, Headline } from '../../../contract/audit';
import { FactsTable } from './facts-table';
import type { FieldFacts } from './field-facts';
import type { Finding } from './finding';
import { ascending } from './finding';
import type { ExpressionReader, FindingContext } from './finding-context';
import type { InstanceDirectory } from './instance-directory';
import { referencesBetweenFields } from './references-between-fields';
import { brokenReferences } from './rules/broken-references';
import { exactDuplicates, nearDuplicates } from './rules/duplicates';
import { inactiveOwners } from './rules/inactive-owners';
import { invalidFields } from './rules/invalid-fields';
import { lintFindings } from './rules/lint-findings';
import { brokenDependencies, nestedChains } from './rules/nested-chains';
import { unusedFields } from './rules/unused-fields';

export interface Findings extends FindingContext {
  byKey: Record<FindingKey, Finding>;
  headline: Headline;
}

/**
 * Every finding of one snapshot (docs/audit.md, "Findings"). `expressions` reads
 * the expressions of that snapshot's fields.
 */
export function computeFindings(
  facts: FactsTable | Iterable<FieldFacts>,
  expressions: ExpressionReader,
  directory?: InstanceDirectory,
): Findings {
  const fields = facts instanceof FactsTable ? facts : FactsTable.of(facts);
  const context: FindingContext = {
    fields,
    references: referencesBetweenFields(fields, directory),
    directory,
    expressions,
  };
  const invalid = invalidFields(context);
  const broken = brokenReferences(context);
  const byKey: Record<FindingKey, Finding> = {
    invalid,
    'broken-references': broken,
    unused: unusedFields(context),
    'exact-duplicates': exactDuplicates(context),
    'near-duplicates': nearDuplicates(context),
    nested: nestedChains(context),
    'broken-dependencies': brokenDependencies(
      context,
      ascending(new Set([...invalid.ids, ...broken.ids])),
    ),
    lint: lintFindings(context),
    'inactive-owners': inactiveOwners(context),
  };
  let locked = 0;
  let archived = 0;
  for (const field of fields.values()) {
    if (field.locked) locked += 1;
    if (field.archived) archived += 1;
  }
  const headline: Headline = {
    total: fields.size,
    locked,
    archived,
    invalid: invalid.ids.length,
    brokenReferences: broken.ids.length,
    unused: byKey.unused.ids.length,
    exactDuplicates: byKey['exact-duplicates'].ids.length,
    nearDuplicates: byKey['near-duplicates'].ids.length,
    nested: byKey.nested.ids.length,
    brokenDependencies: byKey['broken-dependencies'].ids.length,
    lint: byKey.lint.ids.length,
  };
  return { ...context, byKey, headline };
}
