import type { Digests } from '../facts-columns';

/**
 * A whole number under 2^30 for a scope and a digest's hash (Digests.hashAt), so that
 * a Map holds it, and the position beside it, without an object.
 */
export function hashOfScope(scope: number, digestHash: number): number {
  return (digestHash ^ Math.imul(scope + 1, 0x9e3779b1)) & 0x3fffffff;
}

/**
 * Fields grouped by scope and digest (a check sum, a shape), for digests that most
 * fields have alone: the groups of two or more, as positions ascending; a field with
 * an empty digest is in none. A field alone is one entry of a Map of small numbers:
 * the hash of its scope and digest, and its position. A group is made only when a
 * second field comes with the same hash, after comparing the first's scope and
 * digest bytes; a scope and digest whose hash another took first is kept by its text
 * (rare). At 1,000,000 fields a Map by the key's text held over a million keys and
 * groups, which the collector kept copying (bench/results/audit-incremental-1m.md).
 */
export function groupsByDigest(
  digests: Digests,
  scopes: Int32Array,
  hash: (scope: number, digestHash: number) => number = hashOfScope,
): number[][] {
  /** Hash -> the position of the one field with it so far, or the group of its first scope and digest. */
  const byHash = new Map<number, number | number[]>();
  /** Scope and digest -> the fields of a scope and digest whose hash another took first. */
  const collided = new Map<string, number[]>();
  for (let at = 0; at < scopes.length; at += 1) {
    if (digests.isEmptyAt(at)) continue;
    const scope = scopes[at]!;
    const key = hash(scope, digests.hashAt(at));
    const found = byHash.get(key);
    if (found === undefined) {
      byHash.set(key, at);
      continue;
    }
    const first = typeof found === 'number' ? found : found[0]!;
    if (scopes[first] === scope && digests.same(first, at)) {
      if (typeof found === 'number') byHash.set(key, [first, at]);
      else found.push(at);
      continue;
    }
    // NUL between the parts: a scope is a number, so the two never read alike.
    const name = `${scope}\0${digests.at(at)}`;
    const group = collided.get(name);
    if (group) group.push(at);
    else collided.set(name, [at]);
  }
  const groups: number[][] = [];
  for (const found of byHash.values()) if (typeof found !== 'number') groups.push(found);
  for (const group of collided.values()) if (group.length > 1) groups.push(group);
  return groups;
}
