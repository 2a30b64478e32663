import type { OwnerRecord } from '../instance/instance-file';
import { firstNames, lastNames } from './people-names';
import type { SeededRandom } from './seeded-random';

/** Every tenth owner has left: the audit finds the fields such owners still own. */
const INACTIVE_EVERY = 10;

/** Owners with distinct display names and distinct 5- to 8-digit user ids. */
export function generateOwners(count: number, random: SeededRandom): OwnerRecord[] {
  const owners: OwnerRecord[] = [];
  const usedIds = new Set<number>();
  const usedNames = new Set<string>();
  while (owners.length < count) {
    const id = randomUserId(random);
    const name = randomDisplayName(random);
    if (usedIds.has(id) || usedNames.has(name)) continue;
    usedIds.add(id);
    usedNames.add(name);
    // Taken from the count, not from `random`: the rest of the demo stays as it was.
    owners.push({ id, name, active: (owners.length + 1) % INACTIVE_EVERY !== 0 });
  }
  return owners;
}

function randomUserId(random: SeededRandom): number {
  const smallest = random.weighted<number>([
    [10_000, 1],
    [100_000, 2],
    [1_000_000, 3],
    [10_000_000, 4],
  ]);
  return random.int(smallest, smallest * 10 - 1);
}

function randomDisplayName(random: SeededRandom): string {
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  if (random.chance(0.08)) {
    const initial = String.fromCharCode(65 + random.int(0, 25));
    return `${first} ${initial}. ${last}`;
  }
  return `${first} ${last}`;
}
