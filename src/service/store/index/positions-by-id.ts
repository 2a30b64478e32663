/**
 * Field id -> position. Ids are usually small dense integers, and then a typed
 * array answers several times faster than a Map, which matters when the index
 * turns hundreds of thousands of posting ids into positions at start-up. Sparse
 * or unusual ids fall back to a Map.
 */
export class PositionsById {
  private readonly dense: Int32Array | undefined;
  private readonly sparse: Map<number, number> | undefined;

  constructor(ids: Float64Array) {
    let maxId = -1;
    let denseIds = true;
    for (const id of ids) {
      if (!Number.isInteger(id) || id < 0) denseIds = false;
      else if (id > maxId) maxId = id;
    }
    if (denseIds && maxId < ids.length * 4 + 1024) {
      this.dense = new Int32Array(maxId + 1).fill(-1);
      ids.forEach((id, position) => (this.dense![id] = position));
    } else {
      this.sparse = new Map();
      ids.forEach((id, position) => this.sparse!.set(id, position));
    }
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
