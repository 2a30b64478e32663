import type { Digests } from '../digests';
import { listOf } from '../finding';

/** What grouping reads of each field's scope: a hash, and whether two are the same. */
export interface Scopes {
  hashAt(position: number): number;
  same(first: number, second: number): boolean;
}

/** Which fields there are to group: those at positions 0 to count - 1, but the archived. */
export interface GroupedFields {
  count: number;
  isArchived(position: number): boolean;
}

/** A whole number under 2^30 for the hashes of a scope and a digest. */
export function hashOfScope(scopeHash: number, digestHash: number): number {
  return (digestHash ^ Math.imul(scopeHash + 1, 0x9e3779b1)) & 0x3fffffff;
}

/**
 * The positions with a digest, of fields not archived, ordered by the hash of scope
 * and digest and, for equal hashes, ascending: each sorted as one number, the hash
 * above the position, in a typed array (no comparison function called). Past 2^23
 * positions the hash keeps fewer bits, and more positions share one.
 */
function byHash(
  digests: Digests,
  scopes: Scopes,
  fields: GroupedFields,
  hash: (scopeHash: number, digestHash: number) => number,
): { positions: Float64Array; hashes: Float64Array } {
  const { count } = fields;
  const positionRange = 2 ** Math.max(23, Math.ceil(Math.log2(count + 1)));
  const hashRange = 2 ** 53 / positionRange;
  const keys = new Float64Array(count);
  let keyed = 0;
  for (let at = 0; at < count; at += 1) {
    if (digests.isEmptyAt(at) || fields.isArchived(at)) continue;
    const key = hash(scopes.hashAt(at), digests.hashAt(at)) % hashRange;
    keys[keyed++] = key * positionRange + at;
  }
  const sorted = keys.subarray(0, keyed).sort();
  const positions = new Float64Array(sorted.length);
  const hashes = new Float64Array(sorted.length);
  for (let index = 0; index < sorted.length; index += 1) {
    positions[index] = sorted[index]! % positionRange;
    hashes[index] = Math.floor(sorted[index]! / positionRange);
  }
  return { positions, hashes };
}

/**
 * Fields grouped by scope and digest (a check sum, a shape): the groups of two or
 * more, as positions ascending; a field with an empty digest is in none, and an
 * archived one too (retired already: a merge that archived the others leaves no
 * group, and a group's first field is its first field not archived). The fields
 * are sorted by a hash of scope and digest, and only a run of equal hashes is looked
 * at again, comparing scopes and the digests' bytes. At 1,000,000 fields a Map by the
 * key's text held over a million keys and groups, which the collector kept copying,
 * and a Map by hash still took about a second
 * (bench/results/audit-incremental-1m.md).
 */
export function groupsByDigest(
  digests: Digests,
  scopes: Scopes,
  fields: GroupedFields,
  hash: (scopeHash: number, digestHash: number) => number = hashOfScope,
): number[][] {
  const { positions, hashes } = byHash(digests, scopes, fields, hash);
  const groups: number[][] = [];
  for (let start = 0, end = 1; start < positions.length; start = end, end = start + 1) {
    while (end < positions.length && hashes[end] === hashes[start]) end += 1;
    if (end - start === 1) continue;
    const first = positions[start]!;
    const sameAsFirst = (index: number) =>
      scopes.same(first, positions[index]!) && digests.same(first, positions[index]!);
    let alike = start + 1;
    while (alike < end && sameAsFirst(alike)) alike += 1;
    if (alike === end) {
      groups.push(listOf(positions.subarray(start, end)));
      continue;
    }
    // Two scopes and digests whose hashes collide: the run's fields by scope and digest.
    const run: number[][] = [];
    for (let index = start; index < end; index += 1) {
      const at = positions[index]!;
      const group = run.find(([other]) => scopes.same(other!, at) && digests.same(other!, at));
      if (group) group.push(at);
      else run.push([at]);
    }
    for (const group of run) if (group.length > 1) groups.push(group);
  }
  return groups;
}
