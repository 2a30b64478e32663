import type { ChangeItemRequest } from '../../contract/journal';
import { savedOn } from '../../contract/link-summary';
import type { HandoverRequest, PreviewItem, WorkflowPreview } from '../../contract/workflows';
import type { Place } from '../audit/findings/instance-directory';
import { placeOwners } from '../audit/findings/instance-directory';
import { LOCKED } from './check-rewrite';
import { fieldCount, previewOf } from './preview-result';
import type { WorkflowSnapshot } from './workflow-snapshot';
import { cardTitle, dataSourceName, ownerName } from './workflow-snapshot';
import { versionSeen } from './version-seen';

type Route = { to: number; rule: string } | { reason: string };

function placeName(snapshot: WorkflowSnapshot, place: Place): string {
  return place.type === 'CARD' ? cardTitle(snapshot, place.id) : dataSourceName(snapshot, place.id);
}

/**
 * Handing a departed owner's fields over: to one person, or each to the owner of
 * the data source or card it is saved on (as the instance named them when the
 * audit last scanned), with why a field cannot be routed.
 */
export function handoverPlan(
  snapshot: WorkflowSnapshot,
  request: HandoverRequest,
): WorkflowPreview {
  const entries: Array<{ item: PreviewItem; change?: ChangeItemRequest }> = [];
  const inactive = new Set(snapshot.directory?.inactiveOwners);
  for (const field of snapshot.fields.values()) {
    if (field.owner !== request.from) continue;
    const home = savedOn(field.links);
    const base = { id: field.id, name: field.name, place: home && placeName(snapshot, home) };
    if (field.locked) {
      entries.push({ item: { ...base, action: 'skip', reason: LOCKED } });
      continue;
    }
    const routed: Route =
      request.to === undefined
        ? routeByPlace(snapshot, { from: request.from, inactive }, home)
        : { to: request.to, rule: 'the person chosen' };
    if ('reason' in routed) {
      entries.push({
        item: { ...base, action: 'skip', reason: `cannot be routed: ${routed.reason}` },
      });
      continue;
    }
    entries.push({
      item: { ...base, action: 'change', to: ownerName(snapshot, routed.to), rule: routed.rule },
      change: {
        id: field.id,
        change: { update: { owner: routed.to } },
        basedOn: versionSeen(field),
      },
    });
  }
  const from = ownerName(snapshot, request.from);
  return previewOf('handover', `${fieldCount(entries.length)} owned by ${from}`, entries);
}

/** The place's first owner who is neither the departed owner nor inactive too. */
function routeByPlace(
  snapshot: WorkflowSnapshot,
  { from, inactive }: { from: number; inactive: ReadonlySet<number> },
  home: Place | undefined,
): Route {
  if (!home) return { reason: 'it is saved on no data source or card' };
  const where = placeName(snapshot, home);
  const owners = placeOwners(snapshot.directory, home);
  if (owners === 'kind-unknown') {
    const kind = home.type === 'CARD' ? 'cards' : 'data sources';
    return { reason: `the instance names no owners of ${kind}` };
  }
  if (owners === 'place-unknown') return { reason: `the instance does not know ${where}` };
  if (owners.length === 0) return { reason: `${where} has no owner` };
  const others = owners.filter((owner) => owner !== from);
  const to = others.find((owner) => !inactive.has(owner));
  if (to !== undefined) {
    return { to, rule: home.type === 'CARD' ? "the card's owner" : "the data source's owner" };
  }
  if (others.length === 0)
    return { reason: `${where} is owned by ${ownerName(snapshot, from)} too` };
  const names = others.map((owner) => ownerName(snapshot, owner)).join(', ');
  return others.length === 1
    ? { reason: `the owner of ${where}, ${names}, is inactive too` }
    : { reason: `the owners of ${where}, ${names}, are inactive too` };
}
