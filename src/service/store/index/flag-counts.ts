import type { Bitset } from './bitset';
import { bitCount } from './bitset';
import type { SetCondition } from './set-conditions';

/**
 * How many positions each flag's set holds, alone and together with each other
 * flag's, kept exact through every change of a flag. A search of one or two flags
 * then knows how many match without passing over every word of their sets (31,250
 * at 1,000,000 fields), which was most of such a search at that size.
 */
export class FlagCounts {
  private readonly slotOf = new Map<Bitset, number>();
  /** `together[i * n + j]`: positions in both set i and set j; `i === j`, in set i. */
  private readonly together: Int32Array;

  constructor(
    private readonly size: number,
    private readonly sets: readonly Bitset[],
  ) {
    const n = sets.length;
    sets.forEach((set, slot) => this.slotOf.set(set, slot));
    this.together = new Int32Array(n * n);
    for (let i = 0; i < n; i += 1) {
      for (let j = i; j < n; j += 1) {
        const count = countBoth(sets[i]!.words, sets[j]!.words);
        this.together[i * n + j] = count;
        this.together[j * n + i] = count;
      }
    }
  }

  /** Adds or removes a position of one of the flags' sets: the only way they change. */
  set(set: Bitset, position: number, value: boolean): void {
    if (set.has(position) === value) return;
    const slot = this.slotOf.get(set);
    if (slot === undefined) throw new Error('not a set these counts keep');
    const step = value ? 1 : -1;
    const n = this.sets.length;
    this.together[slot * n + slot]! += step;
    for (let other = 0; other < n; other += 1) {
      if (other === slot || !this.sets[other]!.has(position)) continue;
      this.together[slot * n + other]! += step;
      this.together[other * n + slot]! += step;
    }
    set.set(position, value);
  }

  /** How many positions meet the conditions, when they are one or two flags; else undefined. */
  countOf(conditions: readonly SetCondition[]): number | undefined {
    if (conditions.length === 0 || conditions.length > 2) return undefined;
    const [first, second = first] = conditions as [SetCondition, SetCondition?];
    const a = this.slotOf.get(first.set);
    const b = this.slotOf.get(second.set);
    if (a === undefined || b === undefined) return undefined;
    const n = this.sets.length;
    const inA = this.together[a * n + a]!;
    const inB = this.together[b * n + b]!;
    const inBoth = this.together[a * n + b]!;
    // Inclusion and exclusion: each negated set counts what lies outside it.
    if (!first.negated && !second.negated) return inBoth;
    if (!first.negated) return inA - inBoth;
    if (!second.negated) return inB - inBoth;
    return this.size - inA - inB + inBoth;
  }
}

function countBoth(a: Uint32Array, b: Uint32Array): number {
  let count = 0;
  for (let i = 0; i < a.length; i += 1) count += bitCount(a[i]! & b[i]!);
  return count;
}
