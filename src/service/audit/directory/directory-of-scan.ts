import type { FieldFacts } from '../findings/field-facts';
import type { InstanceDirectory } from '../findings/instance-directory';
import type { UsersLookup } from './owner-status';
import { withOwnerStatus } from './owner-status';
import type { PlaceOwnersLookup, PlacesSeen } from './place-owners';
import { withPlaceOwners } from './place-owners';

/** What a completed scan's fields point at. */
export interface SeenByScan {
  owners: readonly number[];
  places: PlacesSeen;
}

/**
 * What these fields point at: their owners, and the places they live on (the data
 * sources they are visibly saved on, and their cards), each once.
 */
export function seenInFacts(fields: Iterable<Pick<FieldFacts, 'owner' | 'links'>>): SeenByScan {
  const owners = new Set<number>();
  const dataSources = new Set<string>();
  const cards = new Set<string>();
  for (const field of fields) {
    owners.add(field.owner);
    for (const link of field.links) {
      if (link.type === 'CARD') cards.add(String(link.id));
      else if (link.type === 'DATA_SOURCE' && link.visible) dataSources.add(String(link.id));
    }
  }
  return { owners: [...owners], places: { dataSources: [...dataSources], cards: [...cards] } };
}

/**
 * The directory a completed scan keeps: who owns the places its fields live on,
 * then the names and status of the fields' owners and of those place owners, so a
 * hand-over by place knows whether a place's owner has left too.
 */
export async function directoryOfScan(
  directory: InstanceDirectory | undefined,
  seen: SeenByScan,
  lookups: { users: UsersLookup; places: PlaceOwnersLookup },
): Promise<InstanceDirectory | undefined> {
  const placed = await withPlaceOwners(directory, seen.places, lookups.places);
  const known = placed?.placeOwners;
  const owners = new Set([
    ...seen.owners,
    ...[...(known?.dataSources?.values() ?? [])].flatMap((source) => source.owner ?? []),
    ...[...(known?.cards?.values() ?? [])].flatMap((card) => card.owners),
  ]);
  return withOwnerStatus(placed, [...owners], lookups.users);
}
