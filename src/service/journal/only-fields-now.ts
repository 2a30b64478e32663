import type { ChangeSetList } from '../../contract/journal';
import type { FieldStamp } from '../../contract/undo-rule';
import type { AuditService } from '../audit/audit-service';
import type { FieldStore } from '../store/field-store';

/**
 * What the server knows of some fields now without asking the instance: field id ->
 * its version (check sum and last change); a field it does not know is left out.
 */
export type FieldsNow = (ids: readonly number[]) => ReadonlyMap<number, FieldStamp>;

/**
 * The list with each one-field set's field as it is now (`onlyField.now`), so Activity
 * applies the undo rule (contract/undo-rule.ts) as the drawer's history does, with no
 * request per row: only a field the set left in place is looked up.
 */
export function withOnlyFieldsNow(list: ChangeSetList, fieldsNow: FieldsNow): ChangeSetList {
  const ids = list.changeSets.flatMap(({ onlyField }) => (onlyField?.after ? [onlyField.id] : []));
  if (ids.length === 0) return list;
  const now = fieldsNow(ids);
  return {
    ...list,
    changeSets: list.changeSets.map((set) => {
      const stamp = set.onlyField?.after ? now.get(set.onlyField.id) : undefined;
      return stamp ? { ...set, onlyField: { ...set.onlyField!, now: stamp } } : set;
    }),
  };
}

const stampOf = ({ checkSum, lastModified }: FieldStamp): FieldStamp => ({
  checkSum,
  lastModified,
});

/** Embedded: the store's fields, exact. */
export function storeFieldsNow(store: Pick<FieldStore, 'getField'>): FieldsNow {
  return (ids) =>
    new Map(
      ids.flatMap((id) => {
        const field = store.getField(id);
        return field ? [[id, stampOf(field)] as const] : [];
      }),
    );
}

/** Behind a proxy: the audit's copy, the instance as last seen (nothing before a scan). */
export function auditFieldsNow(audit: Pick<AuditService, 'versionsSeen'>): FieldsNow {
  return (ids) => audit.versionsSeen(ids);
}
