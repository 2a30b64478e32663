import type { Steps } from '../in-turns';
import { finished } from '../in-turns';

/** Ids read between two pauses of `PositionsById.inSteps`: a few milliseconds' worth. */
const IDS_A_STEP = 131_072;

type Lookup =
  | { dense: Int32Array; sparse?: undefined }
  | { dense?: undefined; sparse: Map<number, number> };

/**
 * Field id -> position. Ids are usually small dense integers, and then a typed
 * array answers several times faster than a Map, which matters when the index
 * turns hundreds of thousands of posting ids into positions at start-up. Sparse
 * or unusual ids fall back to a Map.
 */
export class PositionsById {
  private readonly dense: Int32Array | undefined;
  private readonly sparse: Map<number, number> | undefined;

  constructor(ids: Float64Array, lookup: Lookup = finished(lookupOf(ids))) {
    this.dense = lookup.dense;
    this.sparse = lookup.sparse;
  }

  /**
   * The same, made in steps (store/in-turns.ts): at 1,000,000 fields made at once it
   * held the thread that answers requests for 13 to 97 ms.
   */
  static *inSteps(ids: Float64Array): Steps<PositionsById> {
    return new PositionsById(ids, yield* lookupOf(ids));
  }

  get(id: number): number | undefined {
    if (this.sparse) return this.sparse.get(id);
    const position = this.dense![id];
    return position === undefined || position < 0 ? undefined : position;
  }

  /** The positions of ids that are all known. */
  positionsOf(ids: readonly number[]): Int32Array {
    const positions = new Int32Array(ids.length);
    for (let i = 0; i < ids.length; i += 1) positions[i] = this.get(ids[i]!)!;
    return positions;
  }
}

/** Each id's position, pausing after every IDS_A_STEP ids. */
function* lookupOf(ids: Float64Array): Steps<Lookup> {
  let maxId = -1;
  let denseIds = true;
  for (let from = 0; from < ids.length; from += IDS_A_STEP) {
    const to = Math.min(from + IDS_A_STEP, ids.length);
    for (let at = from; at < to; at += 1) {
      const id = ids[at]!;
      if (!Number.isInteger(id) || id < 0) denseIds = false;
      else if (id > maxId) maxId = id;
    }
    yield;
  }
  if (denseIds && maxId < ids.length * 4 + 1024) {
    const dense = new Int32Array(maxId + 1);
    for (let from = 0; from < dense.length; from += IDS_A_STEP) {
      dense.fill(-1, from, from + IDS_A_STEP);
      yield;
    }
    for (let from = 0; from < ids.length; from += IDS_A_STEP) {
      const to = Math.min(from + IDS_A_STEP, ids.length);
      for (let at = from; at < to; at += 1) dense[ids[at]!] = at;
      yield;
    }
    return { dense };
  }
  const sparse = new Map<number, number>();
  for (let from = 0; from < ids.length; from += IDS_A_STEP) {
    const to = Math.min(from + IDS_A_STEP, ids.length);
    for (let at = from; at < to; at += 1) sparse.set(ids[at]!, at);
    yield;
  }
  return { sparse };
}
