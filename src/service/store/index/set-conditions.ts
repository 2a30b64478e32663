import { Bitset, bitCount } from './bitset';

/** A set of positions every match is in, or, when negated, is not in. */
export interface SetCondition {
  set: Bitset;
  negated: boolean;
}

/**
 * The conditions as the words of their sets and a mask each to XOR them with (all
 * ones negates a word, zero leaves it), so the loops below read plain typed arrays.
 */
function wordsAndFlips(conditions: readonly SetCondition[]) {
  return {
    sets: conditions.map(({ set }) => set.words),
    flips: conditions.map(({ negated }) => (negated ? 0xffffffff : 0)),
  };
}

/**
 * Counts the positions of `0..size-1` that meet every condition and picks the page
 * of them from the `skip`-th on, at most `take`, in ascending or descending order.
 * The set of matches is never built (at 1,000,000 fields a copy alone would be
 * 125 kB per search): the words are walked in the order asked until the page is
 * full, and the rest only counted, in a loop that does nothing else, since that
 * count is most of a search at 1,000,000 fields. With the count `known` already,
 * the walk stops when the page is full.
 */
export function countAndSelect(
  size: number,
  conditions: readonly SetCondition[],
  skip: number,
  take: number,
  ascending: boolean,
  known?: number,
): { count: number; page: number[] } {
  const words = Math.ceil(size / 32);
  const spare = words * 32 - size;
  const lastMask = spare > 0 ? 0xffffffff >>> spare : 0xffffffff;
  const { sets, flips } = wordsAndFlips(conditions);
  const wordAt = (index: number) => {
    let word = index === words - 1 ? lastMask : 0xffffffff;
    for (let c = 0; c < sets.length && word !== 0; c += 1) word &= sets[c]![index]! ^ flips[c]!;
    return word;
  };
  const page: number[] = [];
  if (known !== undefined && skip >= known) return { count: known, page };
  let count = 0;
  let toSkip = skip;
  let step = 0;
  for (; step < words && page.length < take; step += 1) {
    const index = ascending ? step : words - 1 - step;
    let word = wordAt(index);
    if (word === 0) continue;
    const bits = bitCount(word);
    count += bits;
    if (toSkip >= bits) {
      toSkip -= bits;
      continue;
    }
    while (word !== 0 && page.length < take) {
      const bit = ascending ? 31 - Math.clz32(word & -word) : 31 - Math.clz32(word);
      word &= ~(1 << bit);
      if (toSkip > 0) toSkip -= 1;
      else page.push((index << 5) + bit);
    }
    // The rest of this word is counted above already.
  }
  if (known !== undefined) return { count: known, page };
  // The words not yet walked: after `step` when ascending, before `words - step` when not.
  const [from, to] = ascending ? [step, words] : [0, words - step];
  if (from < to) {
    // The last word alone is masked, so the loop leaves it out.
    const fullTo = Math.min(to, words - 1);
    count += countFullWords(sets, flips, from, fullTo);
    if (to === words && from <= words - 1) count += bitCount(wordAt(words - 1));
  }
  return { count, page };
}

/** The positions meeting every condition in words `from..to-1`, none of them the masked last. */
function countFullWords(
  sets: readonly Uint32Array[],
  flips: readonly number[],
  from: number,
  to: number,
): number {
  let count = 0;
  if (sets.length === 1) {
    const [a, fa] = [sets[0]!, flips[0]!];
    for (let i = from; i < to; i += 1) count += bitCount(a[i]! ^ fa);
  } else if (sets.length === 2) {
    const [a, fa, b, fb] = [sets[0]!, flips[0]!, sets[1]!, flips[1]!];
    for (let i = from; i < to; i += 1) count += bitCount((a[i]! ^ fa) & (b[i]! ^ fb));
  } else {
    for (let i = from; i < to; i += 1) {
      let word = 0xffffffff;
      for (let c = 0; c < sets.length && word !== 0; c += 1) word &= sets[c]![i]! ^ flips[c]!;
      count += bitCount(word);
    }
  }
  return count;
}

/** The candidates (ascending positions) that meet every condition, still ascending. */
export function filterCandidates(
  candidates: ArrayLike<number>,
  conditions: readonly SetCondition[],
): number[] {
  const kept: number[] = [];
  for (let i = 0; i < candidates.length; i += 1) {
    const position = candidates[i]!;
    if (conditions.every(({ set, negated }) => set.has(position) !== negated)) kept.push(position);
  }
  return kept;
}

/** The positions of `0..size-1` meeting every condition, as a new set. */
export function intersection(size: number, conditions: readonly SetCondition[]): Bitset {
  const matches = Bitset.full(size);
  for (const { set, negated } of conditions) matches.intersect(set, negated);
  return matches;
}
