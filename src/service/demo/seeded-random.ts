/**
 * A small deterministic PRNG (mulberry32) with the helpers the demo generator needs.
 * Math.random is never used so that one seed always yields the same instance.
 */
export class SeededRandom {
  private readonly origin: number;
  private state: number;

  /** Any safe integer; the bits above 32 are folded in rather than dropped. */
  constructor(seed: number) {
    const high = Math.floor(seed / 4294967296) >>> 0;
    this.origin = ((seed >>> 0) ^ Math.imul(high, 0x9e3779b1)) >>> 0;
    this.state = this.origin;
  }

  /** A derived generator whose sequence does not depend on how much of this one is consumed. */
  fork(stream: number): SeededRandom {
    return new SeededRandom(
      (Math.imul(this.origin ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(stream, 0xc2b2ae35)) >>> 0,
    );
  }

  uint32(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /**
   * In [0, 1), favouring the low end: distributed as u^1.5 or u^2. Built from
   * multiplication and sqrt, which IEEE 754 rounds exactly on every machine; Math.pow
   * is not guaranteed to, and the same seed must give the same bytes everywhere.
   */
  skewed(power: 1.5 | 2): number {
    const u = this.next();
    return power === 2 ? u * u : u * Math.sqrt(u);
  }

  /** An index in [0, length) that favours the low end (see `skewed`). */
  skewedIndex(length: number, power: 1.5 | 2): number {
    return Math.min(length - 1, Math.floor(this.skewed(power) * length));
  }

  /** Up to `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const taken = Math.min(count, items.length);
    // A few items from a long list are drawn by index, without copying the list.
    if (taken * 4 <= items.length) {
      const indexes = new Set<number>();
      while (indexes.size < taken) indexes.add(Math.floor(this.next() * items.length));
      return Array.from(indexes, (index) => items[index] as T);
    }
    const copy = [...items];
    for (let i = 0; i < taken; i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, taken);
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let remaining = this.next() * total;
    for (const [value, weight] of entries) {
      remaining -= weight;
      if (remaining < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (!last) throw new RangeError('cannot choose from no entries');
    return last[0];
  }

  /** A random uuid in version-4 form (version nibble 4, variant 8-b). */
  uuid(): string {
    const first = hex8(this.uint32());
    const second = hex8(this.uint32());
    const third = hex8(((this.uint32() & 0x3fffffff) | 0x80000000) >>> 0);
    const fourth = hex8(this.uint32());
    return `${first}-${second.slice(0, 4)}-4${second.slice(5)}-${third.slice(0, 4)}-${third.slice(4)}${fourth}`;
  }
}

// Number#toString(16) is slow for values above 2^31; a byte table keeps 100,000 uuids cheap.
const byteHex = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

function hex8(word: number): string {
  return (
    (byteHex[word >>> 24] as string) +
    (byteHex[(word >>> 16) & 0xff] as string) +
    (byteHex[(word >>> 8) & 0xff] as string) +
    (byteHex[word & 0xff] as string)
  );
}
