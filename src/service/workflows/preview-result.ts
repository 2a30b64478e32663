import type { ChangeItemRequest, ChangeKind } from '../../contract/journal';
import type { PreviewItem, WorkflowPreview } from '../../contract/workflows';

/** "1 field", "2 fields": a preview's words are read by a person. */
export function fieldCount(count: number): string {
  return `${count} ${count === 1 ? 'field' : 'fields'}`;
}

/** A preview's answer from its items, with the counts a person reads first. */
export function previewOf(
  kind: ChangeKind,
  summary: string,
  entries: ReadonlyArray<{ item: PreviewItem; change?: ChangeItemRequest }>,
  extra: Pick<WorkflowPreview, 'cards' | 'keep'> = {},
): WorkflowPreview {
  const items = entries.map((entry) => entry.item);
  const changes = entries.flatMap((entry) => (entry.change ? [entry.change] : []));
  return {
    kind,
    summary,
    items,
    changes,
    counts: {
      change: changes.length,
      skip: items.length - changes.length,
      invalid: items.filter((item) => item.action === 'change' && item.status === 'INVALID').length,
    },
    ...extra,
  };
}
