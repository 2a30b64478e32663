import { analyzeExpression, referencedColumns } from '../../analysis/analyze-expression';
import type { ApiErrorBody } from '../../contract/errors';
import type { CalculatedField } from '../../contract/field';
import type { DirectoryResponse } from '../../contract/directory';
import {
  DIRECTORY_IDS_MAX,
  directoryLookupQuery,
  directoryResponseSchema,
} from '../../contract/directory';
import { apiPaths } from '../../contract/paths';
import type { FormulaVerdict } from '../../contract/validate-formulas';
import { validateFormulasResponseSchema } from '../../contract/validate-formulas';

/** A request to the instance, answered with its JSON or its error in the contract's shape. */
export type InstanceCall = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ ok: true; json: unknown } | { ok: false; error: ApiErrorBody }>;

export type FormulaCheck =
  | { kind: 'verdict'; verdict: FormulaVerdict }
  | { kind: 'refused'; status: number; message: string };

/**
 * An edited expression judged by the instance's own `validateFormulas`, against the
 * columns of the field's data sources (a card's through its data source), as
 * embedded mode derives the field against its store's columns. A real instance
 * does not list columns (the directory extension): then only the names the
 * expression uses are sent, and column names go unchecked.
 */
export async function checkFormulaOnInstance(
  call: InstanceCall,
  field: CalculatedField,
  expression: string,
): Promise<FormulaCheck> {
  const { dataSourceId, columns } = await columnsOfPlaces(call, field);
  const key = String(field.id);
  const answer = await call('POST', apiPaths.validateFormulas, {
    ...(dataSourceId === undefined ? {} : { dataSourceId }),
    columns: columns ?? referencedColumns(analyzeExpression(expression)),
    formulas: { [key]: { name: field.name, formula: expression } },
  });
  if (!answer.ok) {
    return {
      kind: 'refused',
      status: answer.error.status,
      message: `the instance could not check the expression: ${answer.error.message}`,
    };
  }
  const verdict = validateFormulasResponseSchema.safeParse(answer.json);
  const result = verdict.success ? verdict.data.results[key] : undefined;
  return result
    ? { kind: 'verdict', verdict: result }
    : {
        kind: 'refused',
        status: 502,
        message: 'the instance did not say whether the expression is valid',
      };
}

/** The field's first data source, and every column its data sources and cards' data sources list. */
async function columnsOfPlaces(
  call: InstanceCall,
  field: CalculatedField,
): Promise<{ dataSourceId?: string; columns?: string[] }> {
  const idsOf = (type: string) =>
    field.links
      .filter((link) => link.resource.type === type)
      .map((link) => link.resource.id)
      .slice(0, DIRECTORY_IDS_MAX);
  const dataSources = idsOf('DATA_SOURCE');
  const cards = idsOf('CARD');
  if (dataSources.length + cards.length === 0) return {};
  const found = await lookUp(call, { dataSources, cards });
  if (!found) return { dataSourceId: dataSources[0] };
  const listed = new Set(found.dataSources.map((source) => source.id));
  const cardSources = [...new Set(found.cards.map((card) => card.dataSourceId))].filter(
    (id) => !listed.has(id),
  );
  const more =
    cardSources.length > 0 ? await lookUp(call, { dataSources: cardSources }) : undefined;
  const sources = [...found.dataSources, ...(more?.dataSources ?? [])];
  if (sources.length === 0) return { dataSourceId: dataSources[0] };
  return {
    dataSourceId: dataSources[0] ?? sources[0]!.id,
    columns: [...new Set(sources.flatMap((source) => source.columns))],
  };
}

/** The directory extension's entries for these ids; undefined where the instance does not offer it. */
async function lookUp(
  call: InstanceCall,
  ids: { dataSources: readonly string[]; cards?: readonly string[] },
): Promise<DirectoryResponse | undefined> {
  const answer = await call('GET', `${apiPaths.directory}?${directoryLookupQuery(ids)}`);
  if (!answer.ok) return undefined;
  const read = directoryResponseSchema.safeParse(answer.json);
  return read.success ? read.data : undefined;
}
