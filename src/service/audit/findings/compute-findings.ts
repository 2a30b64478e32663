import type { FindingKey, Headline } from '../../../contract/audit';
import { FactsTable } from './facts-table';
import type { FieldFacts } from './field-facts';
import type { FieldRule, Finding } from './finding';
import { ascending } from './finding';
import type { ExpressionReader, FindingContext } from './finding-context';
import type { InstanceDirectory } from './instance-directory';
import { referencesBetweenFields } from './references-between-fields';
import { brokenReferences } from './rules/broken-references';
import { duplicates } from './rules/duplicates';
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
  const unused = unusedFields(context);
  const duplicate = duplicates(context);
  const nested = nestedChains(context);
  const lint = lintFindings(context);
  const inactive = inactiveOwners(context);
  const rules: FieldRule<unknown>[] = [invalid, broken, unused, duplicate, nested, lint, inactive];
  let locked = 0;
  let archived = 0;
  // One pass for every rule: each field's facts are made from the columns once.
  for (const field of fields.values()) {
    for (const rule of rules) rule.visit(field);
    if (field.locked) locked += 1;
    if (field.archived) archived += 1;
  }
  const { exact, near } = duplicate.finish();
  const invalidFound = invalid.finish();
  const brokenFound = broken.finish();
  const byKey: Record<FindingKey, Finding> = {
    invalid: invalidFound,
    'broken-references': brokenFound,
    unused: unused.finish(),
    'exact-duplicates': exact,
    'near-duplicates': near,
    nested: nested.finish(),
    'broken-dependencies': brokenDependencies(
      context,
      ascending(new Set([...invalidFound.ids, ...brokenFound.ids])),
    ),
    lint: lint.finish(),
    'inactive-owners': inactive.finish(),
  };
  const headline: Headline = {
    total: fields.size,
    locked,
    archived,
    invalid: invalidFound.ids.length,
    brokenReferences: brokenFound.ids.length,
    unused: byKey.unused.ids.length,
    exactDuplicates: byKey['exact-duplicates'].ids.length,
    nearDuplicates: byKey['near-duplicates'].ids.length,
    nested: byKey.nested.ids.length,
    brokenDependencies: byKey['broken-dependencies'].ids.length,
    lint: byKey.lint.ids.length,
  };
  return { ...context, byKey, headline };
}
