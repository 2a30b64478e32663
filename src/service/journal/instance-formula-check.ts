import { analyzeExpression, referencedColumns } from '../../analysis/analyze-expression';
import type { ApiErrorBody } from '../../contract/errors';
import type { CalculatedField } from '../../contract/field';
import type { DataSourceEntry } from '../../contract/directory';
import {
  DIRECTORY_IDS_MAX,
  directoryLookupQuery,
  directoryResponseSchema,
} from '../../contract/directory';
import { apiPaths } from '../../contract/paths';
import type { FormulaVerdict } from '../../contract/validate-formulas';
import {
  VALIDATE_MAX_FORMULAS,
  validateFormulasResponseSchema,
} from '../../contract/validate-formulas';

/** A request to the instance, answered with its JSON or its error in the contract's shape. */
export type InstanceCall = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ ok: true; json: unknown } | { ok: false; error: ApiErrorBody }>;

export type FormulaCheck =
  | { kind: 'verdict'; verdict: FormulaVerdict }
  | { kind: 'refused'; status: number; message: string };

interface Asked {
  field: CalculatedField;
  expression: string;
  answer: (check: FormulaCheck) => void;
}

/** Where a field's expression is checked: its first data source, and the columns its places list. */
interface Place {
  dataSourceId?: string;
  columns?: readonly string[];
}

/**
 * Edited expressions judged by the instance's own `validateFormulas`, against the
 * columns of each field's data sources (a card's through its data source), as
 * embedded mode derives a field against its store's columns. A real instance does
 * not list columns (the directory extension): then only the names the expressions
 * use are sent, and column names go unchecked. The checks asked in one turn (a
 * dry run's items) go in as few requests as their places allow.
 */
export class InstanceFormulaChecker {
  private queue: Asked[] = [];

  constructor(private readonly call: InstanceCall) {}

  check(field: CalculatedField, expression: string): Promise<FormulaCheck> {
    return new Promise((answer) => {
      if (this.queue.length === 0) setImmediate(() => void this.flush());
      this.queue.push({ field, expression, answer });
    });
  }

  private async flush(): Promise<void> {
    const asked = this.queue.splice(0);
    try {
      const places = await this.placesOf(asked.map((each) => each.field));
      const groups = new Map<string, Asked[]>();
      for (const each of asked) {
        const place = places.get(each.field.id)!;
        const key = `${place.dataSourceId ?? ''}\n${place.columns?.join('\n') ?? '(unknown)'}`;
        groups.set(key, [...(groups.get(key) ?? []), each]);
      }
      for (const group of groups.values()) {
        for (let start = 0; start < group.length; start += VALIDATE_MAX_FORMULAS) {
          const part = group.slice(start, start + VALIDATE_MAX_FORMULAS);
          await this.validate(part, places.get(part[0]!.field.id)!);
        }
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      for (const each of asked) each.answer(refusal(502, message));
    }
  }

  private async validate(asked: readonly Asked[], place: Place): Promise<void> {
    const columns = place.columns ??
      // Columns unknown: the names the expressions use, so that only the rest is judged.
      [...new Set(asked.flatMap((each) => referencedColumns(analyzeExpression(each.expression))))];
    const answer = await this.call('POST', apiPaths.validateFormulas, {
      ...(place.dataSourceId === undefined ? {} : { dataSourceId: place.dataSourceId }),
      columns,
      formulas: Object.fromEntries(
        asked.map((each, index) => [
          String(index),
          { name: each.field.name, formula: each.expression },
        ]),
      ),
    });
    if (!answer.ok) {
      for (const each of asked) each.answer(refusal(answer.error.status, answer.error.message));
      return;
    }
    const read = validateFormulasResponseSchema.safeParse(answer.json);
    asked.forEach((each, index) => {
      const verdict = read.success ? read.data.results[String(index)] : undefined;
      each.answer(
        verdict
          ? { kind: 'verdict', verdict }
          : refusal(502, 'it did not say whether the expression is valid'),
      );
    });
  }

  /** Each field's place, from the directory extension where the instance offers it. */
  private async placesOf(fields: readonly CalculatedField[]): Promise<Map<number, Place>> {
    const idsOf = (field: CalculatedField, type: string) =>
      field.links.filter((link) => link.resource.type === type).map((link) => link.resource.id);
    const sources = await this.dataSources(
      [...new Set(fields.flatMap((field) => idsOf(field, 'DATA_SOURCE')))],
      [...new Set(fields.flatMap((field) => idsOf(field, 'CARD')))],
    );
    return new Map(
      fields.map((field) => {
        const dataSourceIds = idsOf(field, 'DATA_SOURCE');
        const listed = [
          ...dataSourceIds,
          ...idsOf(field, 'CARD').map((card) => sources.cards.get(card)),
        ]
          .flatMap((id) => (id === undefined ? [] : [sources.dataSources.get(id)]))
          .filter((source): source is DataSourceEntry => source !== undefined);
        const place: Place = {
          dataSourceId: dataSourceIds[0] ?? listed[0]?.id,
          columns:
            listed.length > 0
              ? [...new Set(listed.flatMap((source) => source.columns))]
              : undefined,
        };
        return [field.id, place];
      }),
    );
  }

  /** The data sources listed, with those the cards are built on; none where the instance lists none. */
  private async dataSources(dataSourceIds: readonly string[], cardIds: readonly string[]) {
    const dataSources = new Map<string, DataSourceEntry>();
    const cards = new Map<string, string>();
    const found = await this.lookUp(dataSourceIds, cardIds);
    if (found) {
      for (const source of found.dataSources) dataSources.set(source.id, source);
      for (const card of found.cards) cards.set(card.id, card.dataSourceId);
      const cardSources = [...new Set(cards.values())].filter((id) => !dataSources.has(id));
      const more = await this.lookUp(cardSources, []);
      for (const source of more?.dataSources ?? []) dataSources.set(source.id, source);
    }
    return { dataSources, cards };
  }

  /** The directory extension's entries for these ids, asked in parts; undefined where the instance does not offer it. */
  private async lookUp(dataSourceIds: readonly string[], cardIds: readonly string[]) {
    const found = {
      dataSources: [] as DataSourceEntry[],
      cards: [] as Array<{ id: string; dataSourceId: string }>,
    };
    for (
      let start = 0;
      start < Math.max(dataSourceIds.length, cardIds.length);
      start += DIRECTORY_IDS_MAX
    ) {
      const ids = {
        dataSources: dataSourceIds.slice(start, start + DIRECTORY_IDS_MAX),
        cards: cardIds.slice(start, start + DIRECTORY_IDS_MAX),
      };
      const answer = await this.call('GET', `${apiPaths.directory}?${directoryLookupQuery(ids)}`);
      const read = answer.ok ? directoryResponseSchema.safeParse(answer.json) : undefined;
      if (!read?.success) return undefined;
      found.dataSources.push(...read.data.dataSources);
      found.cards.push(...read.data.cards);
    }
    return found;
  }
}

function refusal(status: number, reason: string): FormulaCheck {
  return {
    kind: 'refused',
    status,
    message: `the instance could not check the expression: ${reason}`,
  };
}
