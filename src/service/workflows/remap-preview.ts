import { remapColumn } from '../../analysis/rewrite/remap-column';
import type { RemapRequest, WorkflowPreview } from '../../contract/workflows';
import { rewriteItem } from './check-rewrite';
import { fieldsUsingColumn } from './column-impact';
import { fieldCount, previewOf } from './preview-result';
import type { WorkflowSnapshot } from './workflow-snapshot';
import { dataSourceName } from './workflow-snapshot';

/**
 * Every field that references the column, rewritten to reference `to` instead,
 * each checked against the data source's columns; locked fields skipped.
 */
export function remapPreview(snapshot: WorkflowSnapshot, request: RemapRequest): WorkflowPreview {
  const chosen = request.fieldIds && new Set(request.fieldIds);
  const ids = fieldsUsingColumn(snapshot, request).filter((id) => !chosen || chosen.has(id));
  const expressions = snapshot.expressions(ids);
  const known = snapshot.directory?.dataSources.get(request.dataSourceId)?.columns;
  const columns = known && new Set(known);
  const entries = ids.map((id) => {
    const before = expressions.get(id) ?? '';
    const rewrite = remapColumn(before, request.column, request.to);
    return rewriteItem(snapshot, snapshot.fields.get(id)!, before, rewrite, columns);
  });
  const source = dataSourceName(snapshot, request.dataSourceId);
  return previewOf(
    'remap',
    `\`${request.column}\` -> \`${request.to}\` on ${source}: ${fieldCount(ids.length)}`,
    entries,
  );
}
