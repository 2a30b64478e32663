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
