/** A fixed-size set of record positions, 32 to a word, for fast AND, NOT and counting. */
export class Bitset {
  readonly words: Uint32Array;

  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array(Math.ceil(size / 32));
  }

  static of(size: number, positions: ArrayLike<number>): Bitset {
    const set = new Bitset(size);
    for (let i = 0; i < positions.length; i += 1) set.add(positions[i]!);
    return set;
  }

  add(position: number): void {
    this.words[position >>> 5]! |= 1 << (position & 31);
  }

  /** Adds every position from `start` up to, not including, `end`. */
  addRange(start: number, end: number): void {
    const { words } = this;
    let position = start;
    while (position < end && (position & 31) !== 0) this.add(position++);
    while (position + 32 <= end) {
      words[position >>> 5] = 0xffffffff;
      position += 32;
    }
    while (position < end) this.add(position++);
  }

  /** Removes every position from `start` up to, not including, `end`. */
  deleteRange(start: number, end: number): void {
    const { words } = this;
    let position = start;
    while (position < end && (position & 31) !== 0) this.delete(position++);
    while (position + 32 <= end) {
      words[position >>> 5] = 0;
      position += 32;
    }
    while (position < end) this.delete(position++);
  }

  /** The first position in the set at or after `from`, or -1. */
  nextSetBit(from: number): number {
    const { words } = this;
    let index = from >>> 5;
    if (index >= words.length) return -1;
    let word = words[index]! & (0xffffffff << (from & 31));
    while (word === 0) {
      index += 1;
      if (index >= words.length) return -1;
      word = words[index]!;
    }
    return (index << 5) + 31 - Math.clz32(word & -word);
  }

  delete(position: number): void {
    this.words[position >>> 5]! &= ~(1 << (position & 31));
  }

  has(position: number): boolean {
    return (this.words[position >>> 5]! & (1 << (position & 31))) !== 0;
  }

  set(position: number, value: boolean): void {
    if (value) this.add(position);
    else this.delete(position);
  }

  /** In place: keeps only the positions also in `other` (or not in it, when `negated`). */
  intersect(other: Bitset, negated = false): this {
    const { words } = this;
    const otherWords = other.words;
    if (negated) for (let i = 0; i < words.length; i += 1) words[i]! &= ~otherWords[i]!;
    else for (let i = 0; i < words.length; i += 1) words[i]! &= otherWords[i]!;
    return this;
  }

  copy(): Bitset {
    const copy = new Bitset(this.size);
    copy.words.set(this.words);
    return copy;
  }

  count(): number {
    const { words } = this;
    let total = 0;
    for (let i = 0; i < words.length; i += 1) total += bitCount(words[i]!);
    return total;
  }

  /**
   * The positions in the set from the `skip`-th on, at most `take` of them, in
   * ascending or descending position order. Whole words are skipped by counting.
   */
  select(skip: number, take: number, ascending: boolean): number[] {
    const { words } = this;
    const result: number[] = [];
    let toSkip = skip;
    for (let step = 0; step < words.length && result.length < take; step += 1) {
      const index = ascending ? step : words.length - 1 - step;
      let word = words[index]!;
      if (word === 0) continue;
      const bits = bitCount(word);
      if (toSkip >= bits) {
        toSkip -= bits;
        continue;
      }
      while (word !== 0 && result.length < take) {
        const bit = ascending ? 31 - Math.clz32(word & -word) : 31 - Math.clz32(word);
        word &= ~(1 << bit);
        if (toSkip > 0) toSkip -= 1;
        else result.push((index << 5) + bit);
      }
    }
    return result;
  }

  /** Positions in ascending order. */
  positions(): number[] {
    const result: number[] = [];
    const { words } = this;
    for (let i = 0; i < words.length; i += 1) {
      let word = words[i]!;
      while (word !== 0) {
        const lowest = word & -word;
        result.push((i << 5) + 31 - Math.clz32(lowest));
        word ^= lowest;
      }
    }
    return result;
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    const spare = set.words.length * 32 - size;
    if (spare > 0) set.words[set.words.length - 1] = 0xffffffff >>> spare;
    return set;
  }
}

export function bitCount(word: number): number {
  let bits = word - ((word >>> 1) & 0x55555555);
  bits = (bits & 0x33333333) + ((bits >>> 2) & 0x33333333);
  return (((bits + (bits >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
