import { analyzeExpression } from '../../../analysis/analyze-expression';
import type { SearchResultItem } from '../../../contract/field';
import { isBrokenLink, isValidStatus } from '../../../contract/field';
import { linkValiditySummary } from './link-validity';

/**
 * Why a field's status is what it is, in a line, as the drawer explains it: an
 * invalid field's reasons are what the analyzer finds in its expression; a valid
 * one with a broken link says which. Empty for a sound field.
 */
export function statusReason(
  field: Pick<SearchResultItem, 'status' | 'links'>,
  expression: string | undefined,
): string {
  if (!isValidStatus(field.status)) {
    if (expression === undefined) return `the instance reports ${field.status}`;
    const problems = analyzeExpression(expression).problems.map((problem) => problem.message);
    return problems.length > 0
      ? problems.join('; ')
      : `the instance reports ${field.status}, but the analyzer finds no problem in the expression`;
  }
  if (field.links.some(isBrokenLink)) return `broken link: ${linkValiditySummary(field.links)}`;
  return '';
}
