import { findAndReplace } from '../../analysis/rewrite/find-replace';
import { compilePattern } from '../../analysis/rewrite/search-pattern';
import { SEARCH_LIMIT_MAX } from '../../contract/search';
import type { WorkflowPreview } from '../../contract/workflows';
import type { replaceRequestSchema } from '../../contract/workflows';
import { FieldIndex } from '../store/index/field-index';
import { indexColumnsOfFacts } from '../audit/search/index-columns-of-facts';
import { ApiError } from '../server/api-error';
import type { z } from 'zod';
import { rewriteItem } from './check-rewrite';
import { previewOf } from './preview-result';
import type { WorkflowSnapshot } from './workflow-snapshot';

type ReplaceRequest = z.output<typeof replaceRequestSchema>;

/** One index per state of the findings: a search-scoped preview asked again does not build it again. */
const indexes = new WeakMap<WorkflowSnapshot['findings'], FieldIndex>();

function indexOf(snapshot: WorkflowSnapshot): FieldIndex {
  const cached = indexes.get(snapshot.findings);
  if (cached) return cached;
  const index = new FieldIndex(
    indexColumnsOfFacts(snapshot.fields.values(), snapshot.findings.references.references),
  );
  indexes.set(snapshot.findings, index);
  return index;
}

/** The fields a find and replace looks in: the ids given, or every match of the table's search. */
function scopeIds(snapshot: WorkflowSnapshot, scope: ReplaceRequest['scope']): number[] {
  if ('ids' in scope) return scope.ids.filter((id) => snapshot.fields.has(id));
  const index = indexOf(snapshot);
  const ids: number[] = [];
  for (let offset = 0; ; offset += SEARCH_LIMIT_MAX) {
    const page = index.search({ ...scope.search, limit: SEARCH_LIMIT_MAX, offset });
    ids.push(...page.ids);
    if (!page.hasMore) return ids;
  }
}

/** Every field in scope whose expression the pattern changes, with the result checked. */
export function replacePreview(
  snapshot: WorkflowSnapshot,
  request: ReplaceRequest,
): WorkflowPreview {
  const compiled = compilePattern({
    find: request.find,
    regex: request.regex,
    matchCase: request.matchCase,
  });
  if (!compiled.ok)
    throw new ApiError(400, compiled.message, [{ field: 'find', message: compiled.message }]);
  const ids = scopeIds(snapshot, request.scope);
  const expressions = snapshot.expressions(ids);
  const entries = ids.flatMap((id) => {
    const before = expressions.get(id) ?? '';
    const rewrite = findAndReplace(before, {
      regex: compiled.regex,
      replacement: request.replace,
      expand: request.regex,
      codeOnly: request.codeOnly,
    });
    if (rewrite.removed.length === 0) return [];
    return [rewriteItem(snapshot, snapshot.fields.get(id)!, before, rewrite)];
  });
  return previewOf('replace', `${entries.length} of ${ids.length} fields in scope match`, entries);
}
