/** Bits of a key sorted in each pass: a table of 65,536 counts stays in the processor's cache. */
const DIGIT_BITS = 16;
const DIGITS = 2 ** DIGIT_BITS;

/**
 * The positions of `keys` (whole numbers spanning less than 2^53) ordered by key,
 * ties in position order: a stable radix sort, a few passes of counting over 16 bits
 * of each key at a time.
 * At 1,000,000 keys it took a quarter of the time of ranking each key by binary
 * search and sorting the ranks, and a fifth of a sort with a comparison function.
 */
export function integerOrder(keys: ArrayLike<number>): Int32Array {
  const size = keys.length;
  let least = Infinity;
  let most = -Infinity;
  for (let at = 0; at < size; at += 1) {
    least = Math.min(least, keys[at]!);
    most = Math.max(most, keys[at]!);
  }
  let order = new Int32Array(size);
  for (let at = 0; at < size; at += 1) order[at] = at;
  let next = new Int32Array(size);
  const counts = new Int32Array(DIGITS + 1);
  // Each digit of a key less the least is exact: a division by a power of two, not a
  // shift (which would cut the key to 32 bits).
  for (let unit = 1; unit <= most - least; unit *= DIGITS) {
    const digitOf = (at: number) => Math.floor((keys[at]! - least) / unit) % DIGITS;
    counts.fill(0);
    for (let at = 0; at < size; at += 1) {
      const slot = digitOf(at) + 1;
      counts[slot] = counts[slot]! + 1;
    }
    // Now where each digit's keys start.
    for (let digit = 0; digit < DIGITS; digit += 1)
      counts[digit + 1] = counts[digit + 1]! + counts[digit]!;
    for (let index = 0; index < size; index += 1) {
      const at = order[index]!;
      const digit = digitOf(at);
      next[counts[digit]!] = at;
      counts[digit] = counts[digit]! + 1;
    }
    [order, next] = [next, order];
  }
  return order;
}
