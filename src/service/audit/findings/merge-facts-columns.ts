import { DIGEST_BYTES } from './digests';
import type { PackedDigests } from './digests';
import type { Lists, PackedFactsColumns } from './facts-columns';

/**
 * Where each field of merged columns comes from: `from[i] >= 0` is that position of
 * the first columns, `~from[i]` a position of the second.
 */
type Sources = Int32Array;

/**
 * A run of fields that lie one after another both in one side's columns and in the
 * merged ones: copied as one block. Merging a few thousand changed fields into a
 * million cuts the first side into a few thousand runs.
 */
interface Run {
  second: boolean;
  /** The run's first position on its side. */
  from: number;
  /** Its first position in the merged columns. */
  into: number;
  length: number;
}

function runsOf(from: Sources): Run[] {
  const runs: Run[] = [];
  let last: Run | undefined;
  for (let into = 0; into < from.length; into += 1) {
    const source = from[into]!;
    const second = source < 0;
    const position = second ? ~source : source;
    if (last && last.second === second && last.from + last.length === position) last.length += 1;
    else runs.push((last = { second, from: position, into, length: 1 }));
  }
  return runs;
}

type Column = Float64Array | Int32Array | Uint8Array;

/** `width` numbers a field. */
function numbers<Values extends Column>(
  first: Values,
  second: Values,
  runs: readonly Run[],
  into: Values,
  width = 1,
): Values {
  for (const run of runs) {
    const side = run.second ? second : first;
    into.set(side.subarray(run.from * width, (run.from + run.length) * width), run.into * width);
  }
  return into;
}

/** The merged position of each position of one side's columns (-1: not merged in). */
function mergedPositions(count: number, runs: readonly Run[], second: boolean): Int32Array {
  const positions = new Int32Array(count).fill(-1);
  for (const run of runs)
    if (run.second === second)
      for (let at = 0; at < run.length; at += 1) positions[run.from + at] = run.into + at;
  return positions;
}

function digests(
  first: PackedDigests,
  second: PackedDigests,
  runs: readonly Run[],
  counts: { first: number; second: number; merged: number },
): PackedDigests {
  const bytes = numbers(
    first.bytes,
    second.bytes,
    runs,
    new Uint8Array(counts.merged * DIGEST_BYTES),
    DIGEST_BYTES,
  );
  const others: Array<[number, string]> = [];
  for (const [side, count, isSecond] of [
    [first, counts.first, false],
    [second, counts.second, true],
  ] as const) {
    if (side.others.length === 0) continue;
    const merged = mergedPositions(count, runs, isSecond);
    for (const [position, text] of side.others)
      if (merged[position]! >= 0) others.push([merged[position]!, text]);
  }
  return { bytes, others: others.sort(([a], [b]) => a - b) };
}

function lists<Values extends Int32Array | Float64Array>(
  first: Lists<Values>,
  second: Lists<Values>,
  runs: readonly Run[],
  count: number,
  width: number,
): Lists<Values> {
  const offsets = new Uint32Array(count + 1);
  for (const run of runs) {
    const side = run.second ? second.offsets : first.offsets;
    const shift = offsets[run.into]! - side[run.from]!;
    for (let at = 1; at <= run.length; at += 1)
      offsets[run.into + at] = side[run.from + at]! + shift;
  }
  const values = new (first.values.constructor as new (length: number) => Values)(
    offsets[count]! * width,
  );
  for (const run of runs) {
    const side = run.second ? second : first;
    const start = side.offsets[run.from]! * width;
    const end = side.offsets[run.from + run.length]! * width;
    values.set(side.values.subarray(start, end), offsets[run.into]! * width);
  }
  return { offsets, values };
}

/**
 * Columns made of two others' fields (`from`, in the merged order), copied a run of
 * fields at a time: `second` must number its texts as `first` does, and more (a
 * builder given `first`'s texts).
 */
export function mergeFactsColumns(
  first: PackedFactsColumns,
  second: PackedFactsColumns,
  from: Sources,
): PackedFactsColumns {
  const count = from.length;
  const runs = runsOf(from);
  const counts = { first: first.ids.length, second: second.ids.length, merged: count };
  const names: string[] = [];
  for (const run of runs) {
    const side = run.second ? second.names : first.names;
    for (let at = run.from; at < run.from + run.length; at += 1) names.push(side[at]!);
  }
  return {
    texts: second.texts,
    ids: numbers(first.ids, second.ids, runs, new Float64Array(count)),
    owners: numbers(first.owners, second.owners, runs, new Float64Array(count)),
    created: numbers(first.created, second.created, runs, new Float64Array(count)),
    lastModified: numbers(first.lastModified, second.lastModified, runs, new Float64Array(count)),
    flags: numbers(first.flags, second.flags, runs, new Uint8Array(count)),
    statuses: numbers(first.statuses, second.statuses, runs, new Int32Array(count)),
    names,
    checkSums: digests(first.checkSums, second.checkSums, runs, counts),
    shapes: digests(first.shapes, second.shapes, runs, counts),
    links: lists(first.links, second.links, runs, count, 5),
    columnNames: lists(first.columnNames, second.columnNames, runs, count, 1),
    nests: lists(first.nests, second.nests, runs, count, 3),
    functions: lists(first.functions, second.functions, runs, count, 1),
    problems: lists(first.problems, second.problems, runs, count, 1),
    lint: lists(first.lint, second.lint, runs, count, 2),
  };
}
