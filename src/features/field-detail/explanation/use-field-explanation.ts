import { useMemo } from 'react';
import type { ExpressionAnalysis } from '../../../analysis/analyze-expression';
import { analyzeExpression } from '../../../analysis/analyze-expression';
import { lintExpression } from '../../../analysis/lint/lint-expression';
import type { LintFinding, ReferencedField } from '../../../analysis/lint/lint-rule';
import type { Problem } from '../../../analysis/problem';
import { byStart } from '../../../analysis/problem';
import type { DirectoryNames } from '../../../api/directory/lookup-directory';
import { useDirectoryNames } from '../../../api/directory/lookup-directory';
import type { CalculatedField, SearchResultItem } from '../../../contract/field';
import type { ReferenceCheck, ReferenceKind } from './check-references';
import { checkReference, referenceKind } from './check-references';
import type { CheckedSource, LinkSource } from './link-sources';
import { CARD, checkedSources, DATA_SOURCE, linkSources } from './link-sources';
import type { NestedField } from './nested-fields';
import { missingFieldProblems, nestingCycleNote, useNestedFields } from './nested-fields';
import type { ReferenceUses } from './reference-uses';
import { nestedUseKey, referenceUses } from './reference-uses';

/** Everything the drawer says about a field's expression beyond what the instance sent. */
export interface FieldExplanation {
  /** The project's analyzer run here on the instance's expression. */
  analysis: ExpressionAnalysis;
  findings: LintFinding[];
  /** Columns and nested fields, each once, in order of first use. */
  uses: ReferenceUses[];
  /** Each backtick name (always a column) checked on the field's data sources. */
  checks: ReadonlyMap<string, ReferenceCheck>;
  /** What each use stands for, by its name (nestedUseKey for a nested field). */
  kinds: ReadonlyMap<string, ReferenceKind>;
  sources: LinkSource[];
  checked: CheckedSource[];
  names: DirectoryNames;
  /** The directory has not answered yet. */
  namesPending: boolean;
  /** The fields the expression nests, read by id, each once. */
  nested: NestedField[];
  /** The nested fields found, each once, with the status the instance reports. */
  referencedFields: Array<ReferencedField & { status: string }>;
  /** Why the expression is INVALID: the analyzer's problems, and the ids it nests that no field has. */
  problems: Problem[];
  /** Set when the field is part of a reference cycle the drawer can see. */
  cycleNote?: string;
}

/** The names of the field's owner and links, and the data sources its references are checked on. */
export function useFieldNames(field: Pick<SearchResultItem, 'owner' | 'links'>) {
  const { names, isPending: namesPending } = useDirectoryNames(
    {
      owners: [field.owner],
      dataSources: idsOf(field, DATA_SOURCE),
      cards: idsOf(field, CARD),
    },
    { withColumns: true },
  );
  const sources = linkSources(field.links, names);
  return { names, namesPending, sources, checked: checkedSources(sources) };
}

const nestedKinds: Record<NestedField['state'], ReferenceKind> = {
  found: 'field',
  missing: 'missing',
  reading: 'searching',
  unread: 'unchecked',
};

export function useFieldExplanation(field: CalculatedField): FieldExplanation {
  const analysis = useMemo(() => analyzeExpression(field.expression), [field.expression]);
  const uses = useMemo(
    () => referenceUses(analysis.references, analysis.fieldReferences),
    [analysis],
  );
  const { names, namesPending, sources, checked } = useFieldNames(field);
  const nested = useNestedFields(analysis.fieldReferences);

  const checks = new Map(
    uses
      .filter((use) => use.fieldId === undefined)
      .map(({ name }) => [name, checkReference(name, checked)] as const),
  );
  const kinds = new Map<string, ReferenceKind>([
    ...[...checks].map(([name, check]) => [name, referenceKind(check, checked.length)] as const),
    ...nested.map((item) => [nestedUseKey(item.id), nestedKinds[item.state]] as const),
  ]);
  const referencedFields = nested.flatMap(({ id, field: found }) =>
    found ? [{ id, name: found.name, archived: found.archived, status: found.status }] : [],
  );
  const findings = useLint(field.expression, referencedFields);
  // A string, so the problems (and the marks built on them) change only when the missing ids do.
  const missingKey = nested
    .filter((item) => item.state === 'missing')
    .map((item) => item.id)
    .join(',');
  const problems = useMemo(() => {
    const missing = new Set(missingKey === '' ? [] : missingKey.split(',').map(Number));
    const nesting = missingFieldProblems(analysis.fieldReferences, missing);
    return [...analysis.problems, ...nesting].sort(byStart);
  }, [analysis, missingKey]);

  return {
    analysis,
    findings,
    uses,
    checks,
    kinds,
    sources,
    checked,
    names,
    namesPending,
    nested,
    referencedFields,
    problems,
    cycleNote: nestingCycleNote(field, analysis.fieldReferences, nested),
  };
}

/** Lint runs again only when the expression or what its references stand for changes. */
function useLint(expression: string, referencedFields: ReferencedField[]): LintFinding[] {
  const context = JSON.stringify(referencedFields);
  return useMemo(() => {
    const fields = JSON.parse(context) as ReferencedField[];
    return lintExpression(expression, {
      referencedFields: new Map(fields.map((referenced) => [referenced.id, referenced])),
    });
  }, [expression, context]);
}

function idsOf(field: Pick<SearchResultItem, 'links'>, type: string): string[] {
  return field.links.filter((link) => link.resource.type === type).map((link) => link.resource.id);
}
