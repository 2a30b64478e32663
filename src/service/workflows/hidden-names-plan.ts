import { hiddenCharacters, readsAs, readsAsOthersDo } from '../../contract/hidden-characters';
import type { ChangeItemRequest } from '../../contract/journal';
import type { HiddenNamesRequest, PreviewItem, WorkflowPreview } from '../../contract/workflows';
import type { FieldFacts } from '../audit/findings/field-facts';
import { ApiError } from '../server/api-error';
import { LOCKED } from './check-rewrite';
import { fieldCount, previewOf } from './preview-result';
import type { WorkflowSnapshot } from './workflow-snapshot';
import { versionSeen } from './version-seen';

const FINDING = 'hidden-name-characters';

/**
 * Renaming each field whose name holds hidden characters to what it reads as
 * (contract/hidden-characters.ts, `readsAs`). A name that would be
 * empty, or would read as another field's name (a look-alike, which a rename would
 * make a true copy of), is skipped, as is a locked field.
 */
export function hiddenNamesPlan(
  snapshot: WorkflowSnapshot,
  request: HiddenNamesRequest,
): WorkflowPreview {
  const fields = scopeFields(snapshot, request);
  const renames = fields.map((field) => ({ field, newName: readsAs(field.name) }));
  const readers = readersOf(
    snapshot,
    renames.map(({ newName }) => newName),
  );
  const entries = renames.map(({ field, newName }) =>
    renameEntry(field, newName, readers.get(newName) ?? []),
  );
  return previewOf(
    'rename',
    `${fieldCount(fields.length)} ${scopeWords(snapshot, request)}`,
    entries,
  );
}

/** The fields asked for whose names hold hidden characters, ascending by id. */
function scopeFields(snapshot: WorkflowSnapshot, request: HiddenNamesRequest): FieldFacts[] {
  return scopeIds(snapshot, request).flatMap((id) => {
    const field = snapshot.fields.get(id);
    return field && hiddenCharacters(field.name).length > 0 ? [field] : [];
  });
}

function scopeIds(snapshot: WorkflowSnapshot, request: HiddenNamesRequest): readonly number[] {
  if (request.fieldIds) return [...new Set(request.fieldIds)].sort((a, b) => a - b);
  const finding = snapshot.findings.byKey[FINDING];
  if (!request.group) return finding.ids;
  const group = finding.groups.withKey(request.group.key);
  if (!group)
    throw new ApiError(404, `the finding ${FINDING} has no such group; scan again or reload`);
  return group.ids;
}

function scopeWords(snapshot: WorkflowSnapshot, request: HiddenNamesRequest): string {
  const key = request.group?.key;
  const group =
    key === undefined ? undefined : snapshot.findings.byKey[FINDING].groups.withKey(key);
  return group
    ? `whose names hold hidden characters: ${group.title}`
    : 'whose names hold hidden characters';
}

/**
 * Each name asked about -> the fields whose names read as it (`readsAs`), ascending
 * by id, the field renamed to it among them: one pass over every field, a map of the
 * few names asked.
 */
function readersOf(
  snapshot: WorkflowSnapshot,
  names: readonly string[],
): ReadonlyMap<string, number[]> {
  const readers = new Map(names.map((name) => [name, [] as number[]]));
  for (const field of snapshot.fields.values()) {
    readers.get(readsAs(field.name))?.push(field.id);
  }
  return readers;
}

/** The field renamed to `newName`, guarded by the version the audit saw, or skipped and why. */
function renameEntry(
  field: FieldFacts,
  newName: string,
  readers: readonly number[],
): { item: PreviewItem; change?: ChangeItemRequest } {
  const base = { id: field.id, name: field.name };
  const refusal = renameRefusal(field, newName, readers);
  if (refusal) return { item: { ...base, action: 'skip', reason: refusal } };
  return {
    item: { ...base, action: 'change', newName },
    change: {
      id: field.id,
      change: { update: { name: newName } },
      basedOn: versionSeen(field),
    },
  };
}

/** Why a name is not cleaned here, or undefined when it can be. */
function renameRefusal(
  field: FieldFacts,
  newName: string,
  readers: readonly number[],
): string | undefined {
  if (field.locked) return LOCKED;
  if (newName === '') {
    return 'without its hidden characters the name is empty: rename it by hand';
  }
  if (readers.length < 2) return undefined;
  return `${readsAsOthersDo(newName, readers, field.id)}: merge them, or rename it by hand`;
}
