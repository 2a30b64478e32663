import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ExpressionAnalysis } from '../../../analysis/analyze-expression';
import { analyzeExpression } from '../../../analysis/analyze-expression';
import { lintExpression } from '../../../analysis/lint/lint-expression';
import type { LintFinding, ReferencedField } from '../../../analysis/lint/lint-rule';
import type { FieldsNamed } from '../../../api/calculated-fields/find-fields-named';
import { fieldsNamedOptions } from '../../../api/calculated-fields/find-fields-named';
import type { DirectoryNames } from '../../../api/directory/lookup-directory';
import { useDirectoryNames } from '../../../api/directory/lookup-directory';
import type { CalculatedField, SearchResultItem } from '../../../contract/field';
import type { ReferenceCheck } from './check-references';
import { checkReference, needsNameSearch } from './check-references';
import type { CheckedSource, LinkSource } from './link-sources';
import { CARD, checkedSources, DATA_SOURCE, linkSources } from './link-sources';
import type { ReferenceUses } from './reference-uses';
import { referenceUses } from './reference-uses';

/** More distinct names than this are not searched for one by one. */
const MOST_NAMES_SEARCHED = 40;

/** Everything the drawer says about a field's expression beyond what the instance sent. */
export interface FieldExplanation {
  /** The project's analyzer run here on the instance's expression. */
  analysis: ExpressionAnalysis;
  findings: LintFinding[];
  uses: ReferenceUses[];
  checks: ReadonlyMap<string, ReferenceCheck>;
  sources: LinkSource[];
  checked: CheckedSource[];
  names: DirectoryNames;
  /** The directory has not answered yet. */
  namesPending: boolean;
  /** The calculated fields the expression references, each once. */
  referencedFields: ReferencedField[];
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

export function useFieldExplanation(field: CalculatedField): FieldExplanation {
  const analysis = useMemo(() => analyzeExpression(field.expression), [field.expression]);
  const uses = useMemo(() => referenceUses(analysis.references), [analysis]);
  const { names, namesPending, sources, checked } = useFieldNames(field);
  const sourceIds = checked.map((source) => source.id).sort();
  const searched = uses
    .map((use) => use.name)
    .filter((name) => needsNameSearch(name, checked))
    .slice(0, MOST_NAMES_SEARCHED);
  const searches = useQueries({
    queries: searched.map((name) => ({
      ...fieldsNamedOptions(name, sourceIds),
      // Columns first: a name that is a column everywhere needs no search.
      enabled: !namesPending && sourceIds.length > 0,
    })),
  });
  const named = new Map<string, FieldsNamed | 'failed'>();
  searched.forEach((name, index) => {
    const search = searches[index];
    if (search?.data) named.set(name, search.data);
    else if (search?.isError) named.set(name, 'failed');
  });

  const checks = new Map(
    uses.map(({ name }) => {
      const found = named.get(name);
      const tooMany = !searched.includes(name) && needsNameSearch(name, checked);
      return [name, checkReference(name, checked, tooMany ? 'failed' : found)] as const;
    }),
  );
  const referencedFields = [...checks.values()]
    .flatMap((check) => check.fields)
    .filter((field, index, all) => all.findIndex((other) => other.id === field.id) === index)
    .map(({ id, name, archived }) => ({ id, name, archived }));
  const findings = useLint(field.expression, referencedFields);

  return {
    analysis,
    findings,
    uses,
    checks,
    sources,
    checked,
    names,
    namesPending,
    referencedFields,
  };
}

/** Lint runs again only when the expression or what its references stand for changes. */
function useLint(expression: string, referencedFields: ReferencedField[]): LintFinding[] {
  const context = JSON.stringify(referencedFields);
  return useMemo(() => {
    const fields = JSON.parse(context) as ReferencedField[];
    return lintExpression(expression, {
      referencedFields: new Map(fields.map((referenced) => [referenced.name, referenced])),
    });
  }, [expression, context]);
}

function idsOf(field: Pick<SearchResultItem, 'links'>, type: string): string[] {
  return field.links.filter((link) => link.resource.type === type).map((link) => link.resource.id);
}
