import { NAME_IDS_MAX } from '../../../contract/names';
import type { InstanceDirectory } from '../findings/instance-directory';

/** Users as production's users endpoint names them; undefined when the instance has no such endpoint. */
export type UsersLookup = (
  ids: readonly number[],
) => Promise<ReadonlyArray<{ id: number; displayName: string; active?: boolean }> | undefined>;

/**
 * The directory with the owners of the scanned fields named by the instance's
 * users endpoint, and which of them it reports inactive, asked 100 at a time. An
 * instance without the endpoint leaves the directory as it was.
 */
export async function withOwnerStatus(
  directory: InstanceDirectory | undefined,
  ownerIds: readonly number[],
  users: UsersLookup,
): Promise<InstanceDirectory | undefined> {
  const answered: Array<{ id: number; displayName: string; active?: boolean }> = [];
  for (let start = 0; start < ownerIds.length; start += NAME_IDS_MAX) {
    const part = await users(ownerIds.slice(start, start + NAME_IDS_MAX));
    if (part === undefined) return directory;
    answered.push(...part);
  }
  const owners = new Map(directory?.owners);
  for (const user of answered) if (!owners.has(user.id)) owners.set(user.id, user.displayName);
  return {
    ...directory,
    owners,
    // Empty maps: columns stay unknown (references-between-fields infers them).
    dataSources: directory?.dataSources ?? new Map(),
    cards: directory?.cards ?? new Map(),
    inactiveOwners: answered
      .filter((user) => user.active === false)
      .map((user) => user.id)
      .sort((a, b) => a - b),
  };
}
