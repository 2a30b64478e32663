import { Bitset } from './bitset';

/**
 * Substring search over lower-cased names. Each distinct name is indexed by every
 * run of 1, 2 and 3 UTF-16 code units it contains. A query of up to 3 code units
 * is answered by one posting list exactly; a longer one by intersecting the lists
 * of its 3-unit runs and checking the few candidates left with `includes`.
 * Names repeat a lot in real instances, so postings point at distinct names.
 */
const UNIT = 65536;

function gramKey(text: string, start: number, length: number): number {
  let key = length;
  for (let i = 0; i < 3; i += 1) key = key * UNIT + (i < length ? text.charCodeAt(start + i) : 0);
  return key;
}

export class NameGramIndex {
  private readonly distinctNames: string[] = [];
  /** Where each distinct name's run of positions starts; it ends where the next starts. */
  private readonly runStarts: number[] = [];
  private readonly postings = new Map<number, Int32Array>();

  /**
   * `nameKeys` by position. Positions are numbered in name order, so the records
   * that share a name form one run and a match adds whole runs at once.
   */
  constructor(nameKeys: readonly string[]) {
    nameKeys.forEach((name, position) => {
      if (position > 0 && nameKeys[position - 1] === name) return;
      this.distinctNames.push(name);
      this.runStarts.push(position);
    });
    this.runStarts.push(nameKeys.length);
    const building = new Map<number, number[]>();
    this.distinctNames.forEach((name, nameId) => {
      for (let length = 1; length <= 3; length += 1) {
        for (let start = 0; start + length <= name.length; start += 1) {
          const key = gramKey(name, start, length);
          const list = building.get(key);
          if (!list) building.set(key, [nameId]);
          // Name ids arrive in order, so a repeat within one name is always the last entry.
          else if (list[list.length - 1] !== nameId) list.push(nameId);
        }
      }
    });
    for (const [key, list] of building) this.postings.set(key, Int32Array.from(list));
  }

  /** The positions of records whose name contains `query` (already lower-cased). */
  matching(query: string): Bitset {
    const matches = new Bitset(this.runStarts[this.runStarts.length - 1]!);
    for (const nameId of this.matchingNames(query)) {
      matches.addRange(this.runStarts[nameId]!, this.runStarts[nameId + 1]!);
    }
    return matches;
  }

  private matchingNames(query: string): ArrayLike<number> & Iterable<number> {
    if (query.length <= 3) return this.postings.get(gramKey(query, 0, query.length)) ?? [];
    const lists: Int32Array[] = [];
    for (let start = 0; start + 3 <= query.length; start += 1) {
      const list = this.postings.get(gramKey(query, start, 3));
      if (!list) return [];
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    let candidates: ArrayLike<number> = lists[0]!;
    for (const list of lists.slice(1)) {
      candidates = intersectSorted(candidates, list);
      if (candidates.length === 0) return [];
    }
    const matches: number[] = [];
    for (let i = 0; i < candidates.length; i += 1) {
      const nameId = candidates[i]!;
      if (this.distinctNames[nameId]!.includes(query)) matches.push(nameId);
    }
    return matches;
  }
}

/** Both lists ascending; binary-searches the longer one from where the last match left off. */
function intersectSorted(short: ArrayLike<number>, long: ArrayLike<number>): number[] {
  const result: number[] = [];
  let low = 0;
  for (let i = 0; i < short.length; i += 1) {
    const wanted = short[i]!;
    let high = long.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (long[middle]! < wanted) low = middle + 1;
      else high = middle;
    }
    if (low === long.length) break;
    if (long[low] === wanted) result.push(wanted);
  }
  return result;
}
