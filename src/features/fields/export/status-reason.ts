import { analyzeExpression } from '../../../analysis/analyze-expression';
import type { FieldFindingKeys } from '../../../contract/audit';
import type { SearchResultItem } from '../../../contract/field';
import { isBrokenLink, isValidStatus } from '../../../contract/field';
import { linkValiditySummary } from './link-validity';

/**
 * Why a field's status is what it is, in a line, as the drawer and the audit explain
 * it: an invalid field's reasons are what the analyzer finds in its expression, or else
 * what the audit's Invalid finding says (a nested id no field has, a reference cycle:
 * what the text alone does not show); a valid one with a broken link says what is
 * missing where, in the Broken references finding's words. Empty for a sound field.
 */
export function statusReason(
  field: Pick<SearchResultItem, 'status' | 'links'>,
  expression: string | undefined,
  findings?: FieldFindingKeys,
): string {
  const noteOf = (key: 'invalid' | 'broken-references') =>
    findings?.seen ? findings.findings.find((finding) => finding.key === key)?.note : undefined;
  if (!isValidStatus(field.status)) {
    if (expression === undefined)
      return noteOf('invalid') ?? `the instance reports ${field.status}`;
    const problems = analyzeExpression(expression).problems.map((problem) => problem.message);
    if (problems.length > 0) return problems.join('; ');
    return (
      noteOf('invalid') ??
      `the instance reports ${field.status}, but the analyzer finds no problem in the expression`
    );
  }
  if (field.links.some(isBrokenLink))
    return `broken link: ${noteOf('broken-references') ?? linkValiditySummary(field.links)}`;
  return '';
}
