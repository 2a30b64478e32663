import { analyzeExpression, referencedColumns } from '../../analysis/analyze-expression';
import { nestedIds } from '../../analysis/field-references';
import type { Rewrite } from '../../analysis/rewrite/text-edit';
import type { ChangeItemRequest } from '../../contract/journal';
import type { PreviewItem } from '../../contract/workflows';
import type { FieldFacts } from '../audit/findings/field-facts';
import { placeOf } from '../audit/findings/link-places';
import type { WorkflowSnapshot } from './workflow-snapshot';
import { versionSeen } from './version-seen';

/**
 * Columns of the data sources a field is linked to, as the instance lists them;
 * undefined when none of its places has known columns (then columns are not checked).
 */
export function columnsOf(snapshot: WorkflowSnapshot, field: FieldFacts): Set<string> | undefined {
  let columns: Set<string> | undefined;
  for (const link of field.links) {
    const place = placeOf(link, snapshot.directory);
    if (place.type !== 'DATA_SOURCE') continue;
    const known = snapshot.directory?.dataSources.get(place.id)?.columns;
    if (!known) continue;
    columns ??= new Set();
    for (const column of known) columns.add(column);
  }
  return columns;
}

/** What is wrong with a rewritten expression: the analyzer's problems, missing columns, unknown nested ids. */
export function problemsOf(
  snapshot: WorkflowSnapshot,
  expression: string,
  columns: ReadonlySet<string> | undefined,
): string[] {
  const analysis = analyzeExpression(expression);
  const problems = analysis.problems.map((problem) => problem.message);
  if (columns) {
    for (const column of referencedColumns(analysis)) {
      if (!columns.has(column)) problems.push(`the data source has no column \`${column}\``);
    }
  }
  for (const id of nestedIds(analysis.fieldReferences)) {
    if (!snapshot.fields.has(id)) problems.push(`field ${id}, which it nests, does not exist`);
  }
  return problems;
}

export const LOCKED = 'locked: unlock it first';

/** A preview item of an expression rewrite, checked, with the change it would ask. */
export function rewriteItem(
  snapshot: WorkflowSnapshot,
  field: FieldFacts,
  before: string,
  rewrite: Rewrite,
  columns: ReadonlySet<string> | undefined = columnsOf(snapshot, field),
): { item: PreviewItem; change?: ChangeItemRequest } {
  const base = { id: field.id, name: field.name, before, after: rewrite.expression };
  const diff = { removed: rewrite.removed, added: rewrite.changed };
  if (field.locked) return { item: { ...base, ...diff, action: 'skip', reason: LOCKED } };
  const problems = problemsOf(snapshot, rewrite.expression, columns);
  return {
    item: {
      ...base,
      ...diff,
      action: 'change',
      problems,
      status: problems.length === 0 ? 'VALID' : 'INVALID',
      wasInvalid: field.status === 'INVALID',
    },
    change: {
      id: field.id,
      change: { update: { expression: rewrite.expression } },
      basedOn: versionSeen(field),
    },
  };
}
