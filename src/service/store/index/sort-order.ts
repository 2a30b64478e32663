/**
 * Record positions in one sort order, and each position's rank in it, so a page is
 * a slice and a small match set sorts by rank alone.
 */
export class SortOrder {
  constructor(
    readonly order: Int32Array,
    /** Compares two positions by this order's key, ties on id; used to move one that changed. */
    private readonly compare: (a: number, b: number) => number,
    /** Each position's rank in `order` (ranksOf). */
    readonly rank: Int32Array,
  ) {}

  /** Moves a position whose key changed to where it now belongs. */
  reposition(position: number): void {
    const { order, rank } = this;
    const from = rank[position]!;
    order.copyWithin(from, from + 1);
    const remaining = order.length - 1;
    let low = 0;
    let high = remaining;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(order[middle]!, position) < 0) low = middle + 1;
      else high = middle;
    }
    order.copyWithin(low + 1, low, remaining);
    order[low] = position;
    for (let i = Math.min(from, low); i <= Math.max(from, low); i += 1) rank[order[i]!] = i;
  }

  /**
   * Moves many positions whose keys changed in one pass over the order: the others
   * keep their relative order, so the moved ones, sorted, are merged back in.
   * Moving them one at a time costs a pass each.
   */
  repositionMany(positions: readonly number[]): void {
    const { order, rank, compare } = this;
    const moved = new Uint8Array(order.length);
    for (const position of positions) moved[position] = 1;
    const incoming = [...new Set(positions)].sort(compare);
    const staying = new Int32Array(order.length - incoming.length);
    let kept = 0;
    for (let i = 0; i < order.length; i += 1) {
      if (moved[order[i]!] === 0) staying[kept++] = order[i]!;
    }
    let next = 0;
    let at = 0;
    for (let i = 0; i < staying.length; i += 1) {
      const position = staying[i]!;
      while (next < incoming.length && compare(incoming[next]!, position) < 0) {
        order[at++] = incoming[next++]!;
      }
      order[at++] = position;
    }
    while (next < incoming.length) order[at++] = incoming[next++]!;
    for (let i = 0; i < order.length; i += 1) rank[order[i]!] = i;
  }
}

/** Each position's rank in an order of positions. */
export function ranksOf(order: Int32Array): Int32Array {
  const rank = new Int32Array(order.length);
  order.forEach((position, index) => (rank[position] = index));
  return rank;
}
