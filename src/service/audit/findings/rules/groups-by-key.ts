/**
 * A small whole number for a scope and a key (FNV-1a over the key's characters),
 * kept under 2^30 so that a Map holds it, and the id beside it, without an object.
 */
export function hashOfKey(scope: number, key: string): number {
  let hash = (2166136261 ^ scope) >>> 0;
  for (let at = 0; at < key.length; at += 1) hash = Math.imul(hash ^ key.charCodeAt(at), 16777619);
  return hash & 0x3fffffff;
}

/** A field as the grouping reads it: the rules give FieldFacts. */
interface Keyed {
  id: number;
}

export interface GroupsByKeyOptions<Field extends Keyed, Group> {
  /** A field given before, read again when a later one may share its scope and key. */
  fieldOf: (id: number) => Field;
  scopeOf: (field: Field) => number;
  keyOf: (field: Field) => string;
  /** The group its first field starts, once a second joins it. */
  start: (first: Field) => Group;
  hash?: (scope: number, key: string) => number;
}

/**
 * Fields grouped by scope and key (a check sum, a shape), for keys that most fields
 * have alone. A field alone is one entry of a Map of small numbers: the hash of its
 * scope and key, and its id. Its group, with the key's text, is made only when a
 * second field comes with the same hash, after reading the first again to see that
 * scope and key are the same. At 1,000,000 fields a Map by the key's text held over
 * a million keys and groups, which the collector kept copying: with the lookups,
 * about a third of the findings' time (bench/results/audit-incremental-1m.md).
 */
export class GroupsByKey<Field extends Keyed, Group> {
  /** Hash -> the id of the one field with it so far, or the group of its first scope and key. */
  private readonly byHash = new Map<
    number,
    number | { scope: number; key: string; group: Group }
  >();
  /** Scope and key -> the group of a scope and key whose hash another took first (rare). */
  private readonly collided = new Map<string, Group>();
  private readonly hash: (scope: number, key: string) => number;

  constructor(private readonly options: GroupsByKeyOptions<Field, Group>) {
    this.hash = options.hash ?? hashOfKey;
  }

  /** The group of this scope and key; undefined when `field` is the first with them. */
  joined(scope: number, key: string, field: Field): Group | undefined {
    const hash = this.hash(scope, key);
    const found = this.byHash.get(hash);
    if (found === undefined) {
      this.byHash.set(hash, field.id);
      return undefined;
    }
    if (typeof found !== 'number') {
      if (found.scope === scope && found.key === key) return found.group;
    } else {
      const first = this.options.fieldOf(found);
      if (this.options.scopeOf(first) === scope && this.options.keyOf(first) === key) {
        const group = this.options.start(first);
        this.byHash.set(hash, { scope, key, group });
        return group;
      }
    }
    // NUL between the parts: a scope is a number, so the two never read alike.
    const name = `${scope}\0${key}`;
    const group = this.collided.get(name);
    if (!group) this.collided.set(name, this.options.start(field));
    return group;
  }

  /** Every group a second field joined, and every group of a collided scope and key. */
  *groups(): Generator<Group> {
    for (const found of this.byHash.values()) if (typeof found !== 'number') yield found.group;
    yield* this.collided.values();
  }
}
