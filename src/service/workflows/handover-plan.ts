import type { ChangeItemRequest } from '../../contract/journal';
import type { HandoverRequest, PreviewItem, WorkflowPreview } from '../../contract/workflows';
import type { FieldFacts } from '../audit/findings/field-facts';
import type { LinkPlace } from '../audit/findings/references-between-fields';
import { placeOf } from '../audit/findings/references-between-fields';
import { LOCKED } from './check-rewrite';
import { previewOf } from './preview-result';
import type { WorkflowSnapshot } from './workflow-snapshot';
import { cardTitle, dataSourceName, ownerName } from './workflow-snapshot';

/** The owner of a data source or card, where the instance names one. */
export type PlaceOwners = (place: LinkPlace) => number | undefined;

/** The audit's directory keeps no owners of data sources or cards, so by default none is known. */
const noPlaceOwners: PlaceOwners = () => undefined;

function placeName(snapshot: WorkflowSnapshot, place: LinkPlace): string {
  return place.type === 'CARD' ? cardTitle(snapshot, place.id) : dataSourceName(snapshot, place.id);
}

/** Where a field lives: its first data-source link, else its first card link. */
function homeOf(snapshot: WorkflowSnapshot, field: FieldFacts): LinkPlace | undefined {
  const link =
    field.links.find((entry) => entry.type === 'DATA_SOURCE') ??
    field.links.find((entry) => entry.type === 'CARD');
  return (
    link &&
    (link.type === 'CARD' ? { type: 'CARD', id: link.id } : placeOf(link, snapshot.directory))
  );
}

/**
 * Handing a departed owner's fields over: to one person, or each to the owner of
 * the data source or card it lives on, with why a field cannot be routed.
 */
export function handoverPlan(
  snapshot: WorkflowSnapshot,
  request: HandoverRequest,
  placeOwners: PlaceOwners = noPlaceOwners,
): WorkflowPreview {
  const entries: Array<{ item: PreviewItem; change?: ChangeItemRequest }> = [];
  for (const field of snapshot.fields.values()) {
    if (field.owner !== request.from) continue;
    const home = homeOf(snapshot, field);
    const base = { id: field.id, name: field.name, place: home && placeName(snapshot, home) };
    if (field.locked) {
      entries.push({ item: { ...base, action: 'skip', reason: LOCKED } });
      continue;
    }
    const routed = route(snapshot, request, home, placeOwners);
    if ('reason' in routed) {
      entries.push({ item: { ...base, action: 'skip', reason: routed.reason } });
      continue;
    }
    entries.push({
      item: { ...base, action: 'change', to: ownerName(snapshot, routed.to), rule: routed.rule },
      change: {
        id: field.id,
        change: { update: { owner: routed.to } },
        basedOn: { checkSum: field.checkSum },
      },
    });
  }
  const from = ownerName(snapshot, request.from);
  return previewOf('handover', `${entries.length} fields owned by ${from}`, entries);
}

function route(
  snapshot: WorkflowSnapshot,
  request: HandoverRequest,
  home: LinkPlace | undefined,
  placeOwners: PlaceOwners,
): { to: number; rule: string } | { reason: string } {
  if (request.to !== undefined) return { to: request.to, rule: 'the person chosen' };
  if (!home) return { reason: 'cannot be routed: it is on no data source or card' };
  const owner = placeOwners(home);
  const where = placeName(snapshot, home);
  if (owner === undefined)
    return { reason: `cannot be routed: the instance names no owner for ${where}` };
  if (owner === request.from)
    return { reason: `cannot be routed: ${where} is owned by the same person` };
  return { to: owner, rule: home.type === 'CARD' ? "the card's owner" : "the data source's owner" };
}
