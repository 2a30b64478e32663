import type { AuditService } from '../audit/audit-service';

/**
 * Hears every field a request changed or removed, as the instance answered it, so
 * the audit's copy of the instance shows the change at once. The one place both
 * modes hand writes to the audit.
 */
export type FieldsMoved = (changed: readonly unknown[], removed: readonly number[]) => void;

export function fieldsMovedInto(audit: AuditService): FieldsMoved {
  return (changed, removed) => {
    if (changed.length > 0) audit.fieldsChanged(changed);
    for (const id of removed) audit.fieldRemoved(id);
  };
}

/** Hands what one write changed and removed, before and after, to `onFieldsMoved`. */
export function reportMoved(
  onFieldsMoved: FieldsMoved | undefined,
  changes: ReadonlyArray<{ before?: { id: number }; after?: unknown }>,
): void {
  if (!onFieldsMoved) return;
  const changed = changes.flatMap(({ after }) => (after ? [after] : []));
  const removed = changes.flatMap(({ before, after }) => (before && !after ? [before.id] : []));
  onFieldsMoved(changed, removed);
}
