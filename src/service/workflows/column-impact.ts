import type { ColumnImpact, ColumnRequest } from '../../contract/workflows';
import { placeOf } from '../audit/findings/link-places';
import type { WorkflowSnapshot } from './workflow-snapshot';
import { cardTitle, dataSourceName } from './workflow-snapshot';

/** Field ids that reference the column of the data source directly, ascending. */
export function fieldsUsingColumn(snapshot: WorkflowSnapshot, request: ColumnRequest): number[] {
  const ids: number[] = [];
  for (const field of snapshot.fields.values()) {
    if (!field.names.includes(request.column)) continue;
    const onSource = field.links.some((link) => {
      const place = placeOf(link, snapshot.directory);
      return place.type === 'DATA_SOURCE' && place.id === request.dataSourceId;
    });
    if (onSource) ids.push(field.id);
  }
  return ids;
}

/** Fields that depend on the given ones through nested references, at any depth; the given ones left out. */
export function dependentsOf(snapshot: WorkflowSnapshot, ids: readonly number[]): number[] {
  const seen = new Set(ids);
  const found: number[] = [];
  const queue = [...ids];
  while (queue.length > 0) {
    for (const dependent of snapshot.nestedBy.get(queue.pop()!) ?? []) {
      if (seen.has(dependent)) continue;
      seen.add(dependent);
      found.push(dependent);
      queue.push(dependent);
    }
  }
  return found.sort((a, b) => a - b);
}

/** Every field and card a column of a data source reaches (docs/audit.md, "Column impact and remap"). */
export function columnImpact(snapshot: WorkflowSnapshot, request: ColumnRequest): ColumnImpact {
  const direct = fieldsUsingColumn(snapshot, request);
  const transitive = dependentsOf(snapshot, direct);
  const cards = new Set<string>();
  for (const id of [...direct, ...transitive]) {
    for (const link of snapshot.fields.get(id)!.links) if (link.type === 'CARD') cards.add(link.id);
  }
  const named = (id: number) => ({ id, name: snapshot.fields.get(id)!.name });
  const columns = snapshot.directory?.dataSources.get(request.dataSourceId)?.columns ?? [];
  return {
    dataSource: dataSourceName(snapshot, request.dataSourceId),
    column: request.column,
    direct: direct.map(named),
    transitive: transitive.map(named),
    cards: [...cards].sort().map((id) => ({ id, title: cardTitle(snapshot, id) })),
    columns: columns.filter((column) => column !== request.column),
  };
}
