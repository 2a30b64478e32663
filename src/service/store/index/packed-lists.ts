/**
 * Many lists of positions under numeric keys, held in three typed arrays: the keys
 * ascending, where each list ends, and all lists one after another.
 *
 * The fields that reference each field (`templateDependencies`) are hundreds of
 * thousands of short lists at 1,000,000 fields. As a Map of typed arrays they were
 * as many objects for the garbage collector to trace, and reading a saved index
 * had to make each again; packed, they are three arrays, saved and read as they are.
 */
export interface PackedListsParts {
  keys: Float64Array;
  /** List i is data[ends[i - 1] ?? 0 .. ends[i]]. */
  ends: Int32Array;
  data: Int32Array;
}

export class PackedLists {
  constructor(readonly parts: PackedListsParts) {}

  /** Packs the lists of a map; each list keeps its own order. */
  static of(lists: ReadonlyMap<number, ArrayLike<number>>): PackedLists {
    const keys = Float64Array.from(lists.keys()).sort();
    const ends = new Int32Array(keys.length);
    let length = 0;
    keys.forEach((key, i) => (ends[i] = length += lists.get(key)!.length));
    const data = new Int32Array(length);
    keys.forEach((key, i) => data.set(lists.get(key)!, i === 0 ? 0 : ends[i - 1]));
    return new PackedLists({ keys, ends, data });
  }

  /** The list under `key`, or undefined when there is none. */
  get(key: number): Int32Array | undefined {
    const { keys, ends, data } = this.parts;
    let low = 0;
    let high = keys.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = keys[middle]!;
      if (found < key) low = middle + 1;
      else if (found > key) high = middle - 1;
      else return data.subarray(middle === 0 ? 0 : ends[middle - 1], ends[middle]);
    }
    return undefined;
  }
}
