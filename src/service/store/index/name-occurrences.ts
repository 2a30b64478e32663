/**
 * Exact substring search over distinct names for queries of 4 or more UTF-16 code
 * units, with no name to check afterwards.
 *
 * The names are laid out one per `stride` units (the first power of two longer than
 * the longest name), so name n starts at place n * stride and at least one unit of
 * gap follows each, and every run of 4 units is listed with the ascending places
 * where it starts. A query starts at place p exactly when its runs at 0, 4, 8, ...
 * and its last run start at p plus their place in it: together they cover the
 * query, each touches or overlaps the next, and no run spans a gap, so all of them
 * lie in one name. The name at a place is a division: a table of the name at every
 * place, as large as all the names, missed the processor's cache on nearly every
 * match.
 *
 * Before, a query of 4 or more intersected the names holding each of its runs of 3
 * and checked every name left with `includes`: about 2,000 names per search at
 * 1,000,000 fields, most of the search.
 */
const RUN = 4;

/** Everything NameOccurrences holds, as plain data. */
export interface NameOccurrencesParts {
  stride: number;
  /** Each run of 4 units -> the ascending places where it starts. */
  startsByRun: Map<string, Float64Array>;
}

export class NameOccurrences {
  constructor(readonly parts: NameOccurrencesParts) {}

  /** Lays out `distinctNames` (in name-id order) and lists where each run starts. */
  static of(distinctNames: readonly string[]): NameOccurrences {
    const longest = distinctNames.reduce((most, name) => Math.max(most, name.length), 0);
    const stride = 2 ** Math.ceil(Math.log2(longest + 1));
    // A run of units below 128 is keyed by a number while the lists are made: V8
    // looks a small integer up several times faster than a string it has just cut.
    const narrow = new Map<number, number[]>();
    const wide = new Map<string, number[]>();
    const add = <Key>(lists: Map<Key, number[]>, run: Key, place: number) => {
      const list = lists.get(run);
      if (list) list.push(place);
      else lists.set(run, [place]);
    };
    distinctNames.forEach((name, nameId) => {
      for (let start = 0; start + RUN <= name.length; start += 1) {
        const run = narrowRun(name, start);
        if (run >= 0) add(narrow, run, nameId * stride + start);
        else add(wide, name.slice(start, start + RUN), nameId * stride + start);
      }
    });
    const startsByRun = new Map<string, Float64Array>();
    for (const [run, list] of narrow) startsByRun.set(textOfRun(run), Float64Array.from(list));
    for (const [run, list] of wide) startsByRun.set(run, Float64Array.from(list));
    return new NameOccurrences({ stride, startsByRun });
  }

  /** The ids of the names that contain `query` (4 units or more), ascending. */
  namesHolding(query: string): Int32Array {
    // A power of two: multiplying by its inverse is exact, and quicker than dividing.
    const perStride = 1 / this.parts.stride;
    const starts = this.startsOf(query);
    const nameIds = new Int32Array(starts.length);
    let found = 0;
    for (let i = 0; i < starts.length; i += 1) {
      const nameId = Math.floor(starts[i]! * perStride);
      // Starts ascend, so a name holding the query twice gives the same id in a row.
      if (found === 0 || nameIds[found - 1] !== nameId) nameIds[found++] = nameId;
    }
    return nameIds.subarray(0, found);
  }

  /** Ascending places where `query` starts. */
  private startsOf(query: string): Float64Array {
    const runs: Array<{ place: number; starts: Float64Array }> = [];
    for (const place of placesOfRuns(query.length)) {
      const starts = this.parts.startsByRun.get(query.slice(place, place + RUN));
      if (!starts) return new Float64Array(0);
      runs.push({ place, starts });
    }
    // A query of 4 units is one run at place 0: its list is the answer.
    if (runs.length === 1) return runs[0]!.starts;
    runs.sort((a, b) => a.starts.length - b.starts.length);
    const [rarest, ...others] = runs;
    let candidates: Float64Array = new Float64Array(rarest!.starts.length);
    for (let i = 0; i < candidates.length; i += 1) {
      candidates[i] = rarest!.starts[i]! - rarest!.place;
    }
    for (const { place, starts } of others) {
      candidates = keepFollowedBy(candidates, starts, place);
      if (candidates.length === 0) break;
    }
    return candidates;
  }
}

const NARROW = 128;

/** The run of 4 at `start` as one number when its units are all below 128, else -1. */
function narrowRun(name: string, start: number): number {
  let run = 0;
  for (let at = start; at < start + RUN; at += 1) {
    const unit = name.charCodeAt(at);
    if (unit >= NARROW) return -1;
    run = run * NARROW + unit;
  }
  return run;
}

function textOfRun(run: number): string {
  return String.fromCharCode((run >> 21) & 127, (run >> 14) & 127, (run >> 7) & 127, run & 127);
}

/** Where in a query of `length` units its covering runs of 4 start: 0, 4, 8, ... and the last. */
function placesOfRuns(length: number): number[] {
  const places: number[] = [];
  for (let place = 0; place + RUN < length; place += RUN) places.push(place);
  places.push(length - RUN);
  return places;
}

/**
 * The candidates c (ascending) for which `starts` holds c + place. From where the
 * last match left off, gallops (steps of 1, 2, 4, ...) to the first start not below
 * the one wanted, then binary-searches that stretch: the common runs' lists at
 * 1,000,000 fields hold thousands of starts.
 */
function keepFollowedBy(
  candidates: Float64Array,
  starts: Float64Array,
  place: number,
): Float64Array {
  const kept = new Float64Array(candidates.length);
  let found = 0;
  let low = 0;
  for (let i = 0; i < candidates.length; i += 1) {
    const wanted = candidates[i]! + place;
    // Every start before `low` is below `wanted`; `high` is past the end or not below it.
    let high = low;
    for (let step = 1; high < starts.length && starts[high]! < wanted; step *= 2) {
      low = high + 1;
      high += step;
    }
    high = Math.min(high, starts.length);
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (starts[middle]! < wanted) low = middle + 1;
      else high = middle;
    }
    if (low === starts.length) break;
    if (starts[low] === wanted) kept[found++] = candidates[i]!;
  }
  return kept.subarray(0, found);
}
