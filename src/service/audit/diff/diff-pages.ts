import type { ChangeKind, FieldChange, FieldState } from '../../../contract/audit';
import type { CalculatedField } from '../../../contract/field';
import type { AuditStore } from '../storage/audit-store';
import type { ChangedField, ScanDiff } from './diff-scans';

function stateOf(field: CalculatedField): FieldState {
  return {
    name: field.name,
    owner: field.owner,
    status: field.status,
    locked: field.locked,
    expression: field.expression,
  };
}

/** The changes of one kind (or all), in id order. */
export function changesOfKind(diff: ScanDiff, kind: ChangeKind | undefined): ChangedField[] {
  return kind === undefined
    ? diff.changes
    : diff.changes.filter((change) => change.kinds.includes(kind));
}

/** Changed fields with both states read from the store, ready to show side by side. */
export function withStates(store: AuditStore, changes: readonly ChangedField[]): FieldChange[] {
  const versions = changes
    .flatMap((change) => [change.beforeVersion, change.afterVersion])
    .filter((id): id is number => id !== undefined);
  const bodies = store.versions.bodies(versions);
  const state = (version: number | undefined) => {
    const body = version === undefined ? undefined : bodies.get(version);
    return body === undefined ? undefined : stateOf(JSON.parse(body) as CalculatedField);
  };
  return changes.map((change) => {
    const before = state(change.beforeVersion);
    const after = state(change.afterVersion);
    return {
      id: change.id,
      name: change.name,
      kinds: change.kinds,
      ...(before ? { before } : {}),
      ...(after ? { after } : {}),
    };
  });
}
