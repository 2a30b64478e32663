import { repointNested } from '../../analysis/rewrite/repoint-nested';
import type { ChangeItemRequest } from '../../contract/journal';
import type {
  MergeGroup,
  MergeGroupRequest,
  MergeRequest,
  PreviewItem,
  WorkflowPreview,
} from '../../contract/workflows';
import type { FieldFacts } from '../audit/findings/field-facts';
import { ApiError } from '../server/api-error';
import { rewriteItem } from './check-rewrite';
import { fieldCount, previewOf } from './preview-result';
import type { RetireAction } from './retire-field';
import { retireChange, retireRefusal } from './retire-field';
import type { WorkflowSnapshot } from './workflow-snapshot';
import { cardTitle } from './workflow-snapshot';

const activeLinks = (field: FieldFacts) => field.links.filter((link) => link.active).length;

/** The one to keep when the person has not chosen: most active links, then the oldest id. */
export function suggestKeep(fields: readonly FieldFacts[]): number {
  return [...fields].sort((a, b) => activeLinks(b) - activeLinks(a) || a.id - b.id)[0]!.id;
}

/** A duplicate group's fields with their active links, and the one suggested to keep. */
export function mergeGroup(snapshot: WorkflowSnapshot, request: MergeGroupRequest): MergeGroup {
  const group = groupFields(snapshot, request);
  return {
    fields: group.map((field) => ({
      id: field.id,
      name: field.name,
      activeLinks: activeLinks(field),
    })),
    suggested: suggestKeep(group),
  };
}

/** The fields named, or those of the finding's group, each as the audit's copy has it. */
function groupFields(snapshot: WorkflowSnapshot, request: MergeGroupRequest): FieldFacts[] {
  return groupIds(snapshot, request).map((id) => {
    const field = snapshot.fields.get(id);
    if (!field) throw new ApiError(404, `field ${id} is not in the audit's copy of the instance`);
    return field;
  });
}

/**
 * Merging a duplicate group into one field: every field that nests one of the
 * others is repointed to the kept one, and the others archived, or deleted once
 * nothing uses them. Cards cannot be repointed through the API: those using a field
 * that goes (or would, but for them) are listed.
 */
export function mergePlan(
  snapshot: WorkflowSnapshot,
  request: Pick<MergeRequest, 'fieldIds' | 'group' | 'keep'> & { others: RetireAction },
): WorkflowPreview {
  const group = groupFields(snapshot, request);
  const fieldIds = group.map((field) => field.id);
  const keep = request.keep ?? suggestKeep(group);
  if (!fieldIds.includes(keep))
    throw new ApiError(400, 'the field to keep must be one of the group');
  const others = new Set(fieldIds.filter((id) => id !== keep));
  const nesting = new Set<number>();
  for (const id of others)
    for (const by of snapshot.nestedBy.get(id) ?? []) if (!others.has(by)) nesting.add(by);
  const nestingIds = [...nesting].sort((a, b) => a - b);
  const expressions = snapshot.expressions(nestingIds);
  const repointed = nestingIds.map((id) => {
    const before = expressions.get(id) ?? '';
    return rewriteItem(
      snapshot,
      snapshot.fields.get(id)!,
      before,
      repointNested(before, others, keep),
    );
  });
  const stillNested = new Set(
    repointed.filter((entry) => !entry.change).map((entry) => entry.item.id),
  );
  const cards = new Map<string, number[]>();
  const retired = [...others].map((id) => {
    const field = snapshot.fields.get(id)!;
    const onCards = field.links.filter((link) => link.type === 'CARD' && link.active);
    // A card has something to move only when its field goes, or would but for the card:
    // one that stays (locked, archived already) leaves the card as it is.
    if (retireRefusal(field, request.others, snapshot.deletesNeedLink) === undefined)
      for (const link of onCards) cards.set(link.id, [...(cards.get(link.id) ?? []), id]);
    return retireItem(snapshot, field, request.others, onCards.length, stillNested);
  });
  const keptName = snapshot.fields.get(keep)!.name;
  return previewOf(
    'merge',
    `keep ${keptName} (field ${keep}); ${others.size === 1 ? 'the other goes' : `${others.size} others go`}`,
    [...repointed, ...retired],
    {
      keep,
      cards: [...cards].map(([id, fieldIds]) => ({ id, title: cardTitle(snapshot, id), fieldIds })),
    },
  );
}

/** The ids given, or those of the finding's group. */
function groupIds(snapshot: WorkflowSnapshot, request: MergeGroupRequest): number[] {
  if (request.fieldIds) return request.fieldIds;
  if (!request.group)
    throw new ApiError(400, 'name the fields to merge: fieldIds, or a duplicate group');
  const { finding, key } = request.group;
  const found = snapshot.findings.byKey[finding].groups.withKey(key);
  if (!found)
    throw new ApiError(404, `the finding ${finding} has no such group; scan again or reload`);
  return found.ids;
}

function retireItem(
  snapshot: WorkflowSnapshot,
  field: FieldFacts,
  action: RetireAction,
  cardCount: number,
  stillNested: ReadonlySet<number>,
): { item: PreviewItem; change?: ChangeItemRequest } {
  const base = { id: field.id, name: field.name };
  const refusal = retireRefusal(field, action, snapshot.deletesNeedLink);
  if (refusal) return { item: { ...base, action: 'skip', reason: refusal } };
  const nestedBy = (snapshot.nestedBy.get(field.id) ?? []).filter((id) => stillNested.has(id));
  if (action === 'delete' && (cardCount > 0 || nestedBy.length > 0)) {
    return {
      item: {
        ...base,
        action: 'skip',
        reason: `used by ${usersOf(cardCount, nestedBy.length)}: move them first, or archive it`,
      },
    };
  }
  return { item: { ...base, action: 'change', rule: action }, change: retireChange(field, action) };
}

/** "1 card and 2 fields that are not repointed", naming only what there is. */
function usersOf(cards: number, fields: number): string {
  const parts = [
    cards > 0 && `${cards} ${cards === 1 ? 'card' : 'cards'}`,
    fields > 0 && `${fieldCount(fields)} that ${fields === 1 ? 'is' : 'are'} not repointed`,
  ];
  return parts.filter(Boolean).join(' and ');
}
