import { analyzeExpression, referencedColumns } from '../../analysis/analyze-expression';
import type { CalculatedField } from '../../contract/field';
import { apiPaths } from '../../contract/paths';
import type { FormulaVerdict } from '../../contract/validate-formulas';
import {
  VALIDATE_MAX_FORMULAS,
  validateFormulasResponseSchema,
} from '../../contract/validate-formulas';
import type { FormulaPlace, InstanceCall } from './formula-places';
import { formulaPlaces } from './formula-places';

export type FormulaCheck =
  | { kind: 'verdict'; verdict: FormulaVerdict }
  | { kind: 'refused'; status: number; message: string };

interface Asked {
  field: CalculatedField;
  expression: string;
  answer: (check: FormulaCheck) => void;
}

/**
 * Edited expressions judged by the instance's own `validateFormulas`, against the
 * columns of each field's data sources (formula-places.ts), as embedded mode
 * derives a field against its store's columns. The checks asked in one turn (a dry
 * run's items) go in one request per place, up to the 1,000 formulas one takes.
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
      const places = await formulaPlaces(
        this.call,
        asked.map((each) => each.field),
      );
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

  private async validate(asked: readonly Asked[], place: FormulaPlace): Promise<void> {
    const columns = place.columns ?? namesUsed(asked);
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
}

/** Where the columns are not known: the names the expressions use, so that only the rest is judged. */
function namesUsed(asked: readonly Asked[]): string[] {
  return [
    ...new Set(asked.flatMap((each) => referencedColumns(analyzeExpression(each.expression)))),
  ];
}

function refusal(status: number, reason: string): FormulaCheck {
  return {
    kind: 'refused',
    status,
    message: `the instance could not check the expression: ${reason}`,
  };
}
