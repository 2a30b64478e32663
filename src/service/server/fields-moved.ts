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
