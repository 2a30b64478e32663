import { analyzeExpression, referencedColumns } from '../../analysis/analyze-expression';
import { INVALID, VALID } from '../../contract/field';
import type {
  FormulaVerdict,
  ValidateFormulasRequest,
  ValidateFormulasResponse,
} from '../../contract/validate-formulas';

/** The analyzer's verdict on each formula against the columns given; a name not among them is invalid. */
export function validateFormulas(request: ValidateFormulasRequest): ValidateFormulasResponse {
  const columns = new Set(request.columns);
  const invalidColumns = new Set<string>();
  const results: Record<string, FormulaVerdict> = {};
  for (const [key, { formula, dataType }] of Object.entries(request.formulas)) {
    const analysis = analyzeExpression(formula);
    const unknown = referencedColumns(analysis).filter((name) => !columns.has(name));
    for (const name of unknown) invalidColumns.add(name);
    const problems = [
      ...analysis.problems.map((problem) => problem.message),
      ...unknown.map((name) => `\`${name}\` is not a column of the data source`),
    ];
    results[key] = {
      status: problems.length === 0 ? VALID : INVALID,
      dataType: dataType ?? null,
      containsAggregation: analysis.aggregated,
      columnPositions: analysis.columnPositions,
      message: problems.length === 0 ? null : problems.join('; '),
    };
  }
  return {
    allValid: Object.values(results).every((result) => result.status === VALID),
    results,
    invalidColumns: [...invalidColumns],
  };
}
