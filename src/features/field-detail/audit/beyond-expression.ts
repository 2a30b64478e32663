import type { FieldFindingsAnswer } from '../../../contract/audit';
import type { Link } from '../../../contract/field';
import { isBrokenLink } from '../../../contract/field';
import { listInWords } from '../explanation/source-names';

/**
 * What is wrong with a field whose expression the analyzer finds well formed: a
 * broken link, and each finding the audit's latest scan lists it under. Empty when
 * nothing is known to be wrong, so "no problem" is said only then.
 */
export function problemsBeyondExpression(
  links: readonly Link[],
  audit: FieldFindingsAnswer | null | undefined,
): string[] {
  const found: string[] = [];
  if (links.some(isBrokenLink)) found.push('a link is broken (see Links)');
  const titles = audit?.findings.map((finding) => finding.title) ?? [];
  if (titles.length > 0)
    found.push(`the latest scan lists it under ${listInWords(titles)} (see In the latest scan)`);
  return found;
}
