/**
 * Lists of field ids by field id as plain data: typed arrays, which another thread
 * takes as they are (moved with a transfer list, not copied).
 */
export interface PackedIdLists {
  /** The ids that have a list, ascending. */
  ids: Float64Array;
  /** The list of `ids[i]` is `listed[starts[i]]` up to `listed[starts[i + 1]]`. */
  starts: Uint32Array;
  /** Every list, one after another. Field ids are any whole number, so 64-bit floats. */
  listed: Float64Array;
}

/**
 * Lists of field ids by field id (who nests whom), read as a map in ascending id
 * order. Packed in three typed arrays instead of a Map of arrays: at 1,000,000 fields
 * a Map crossed to the thread that answers requests a few hundred entries a message
 * (each message a turn of both threads), and its arrays held an object each.
 */
export class IdLists implements ReadonlyMap<number, readonly number[]> {
  private constructor(private readonly packed: PackedIdLists) {}

  /** Each id once; the lists are kept in the order given. */
  static of(entries: Iterable<readonly [number, readonly number[]]>): IdLists {
    const ids: number[] = [];
    const starts = [0];
    const listed: number[] = [];
    for (const [id, list] of entries) {
      ids.push(id);
      for (const target of list) listed.push(target);
      starts.push(listed.length);
    }
    const order = ids.map((_, position) => position);
    if (!isAscending(ids)) order.sort((a, b) => ids[a]! - ids[b]!);
    const packed: PackedIdLists = {
      ids: Float64Array.from(order, (position) => ids[position]!),
      starts: new Uint32Array(ids.length + 1),
      listed: new Float64Array(listed.length),
    };
    let at = 0;
    order.forEach((position, index) => {
      for (let from = starts[position]!; from < starts[position + 1]!; from += 1) {
        packed.listed[at++] = listed[from]!;
      }
      packed.starts[index + 1] = at;
    });
    return new IdLists(packed);
  }

  /** Pairs `[id, listed id]` gathered under each id, each list ascending. */
  static grouped(pairs: ReadonlyArray<readonly [number, number]>): IdLists {
    const sorted = [...pairs].sort(
      ([idA, listedA], [idB, listedB]) => idA - idB || listedA - listedB,
    );
    const ids: number[] = [];
    const starts = [0];
    sorted.forEach(([id], index) => {
      if (index > 0 && id === sorted[index - 1]![0]) return;
      if (index > 0) starts.push(index);
      ids.push(id);
    });
    if (sorted.length > 0) starts.push(sorted.length);
    return new IdLists({
      ids: Float64Array.from(ids),
      starts: Uint32Array.from(starts),
      listed: Float64Array.from(sorted, ([, listed]) => listed),
    });
  }

  /** Lists taken in from another thread (`pack`). */
  static unpack(packed: PackedIdLists): IdLists {
    return new IdLists(packed);
  }

  /** The arrays themselves, to send: moved to another thread, they are left empty here. */
  pack(): PackedIdLists {
    return this.packed;
  }

  get size(): number {
    return this.packed.ids.length;
  }

  has(id: number): boolean {
    return this.positionOf(id) !== undefined;
  }

  get(id: number): readonly number[] | undefined {
    const position = this.positionOf(id);
    return position === undefined ? undefined : this.listAt(position);
  }

  *entries(): MapIterator<[number, readonly number[]]> {
    for (let position = 0; position < this.size; position += 1) {
      yield [this.packed.ids[position]!, this.listAt(position)];
    }
  }

  *keys(): MapIterator<number> {
    yield* this.packed.ids;
  }

  *values(): MapIterator<readonly number[]> {
    for (let position = 0; position < this.size; position += 1) yield this.listAt(position);
  }

  [Symbol.iterator](): MapIterator<[number, readonly number[]]> {
    return this.entries();
  }

  forEach(
    callback: (
      list: readonly number[],
      id: number,
      lists: ReadonlyMap<number, readonly number[]>,
    ) => void,
  ): void {
    for (const [id, list] of this.entries()) callback(list, id, this);
  }

  private listAt(position: number): number[] {
    const { starts, listed } = this.packed;
    const list: number[] = [];
    for (let at = starts[position]!; at < starts[position + 1]!; at += 1) list.push(listed[at]!);
    return list;
  }

  private positionOf(id: number): number | undefined {
    return positionInAscending(this.packed.ids, id);
  }
}

/** Where `id` is in `ids` (ascending; or in its range `from` to before `to`), by binary search; undefined when it is not there. */
export function positionInAscending(
  ids: ArrayLike<number>,
  id: number,
  from = 0,
  to = ids.length,
): number | undefined {
  let low = from;
  let high = to - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const found = ids[middle]!;
    if (found === id) return middle;
    if (found < id) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}

/** Whether `ids` (ascending) hold `id`. */
export function isInAscending(ids: ArrayLike<number>, id: number): boolean {
  return positionInAscending(ids, id) !== undefined;
}

function isAscending(ids: readonly number[]): boolean {
  return ids.every((id, index) => index === 0 || ids[index - 1]! < id);
}
