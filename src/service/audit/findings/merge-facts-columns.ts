import type { Lists, PackedDigests, PackedFactsColumns } from './facts-columns';

const DIGEST_BYTES = 20;

/**
 * Where each field of merged columns comes from: `from[i] >= 0` is that position of
 * the first columns, `~from[i]` a position of the second.
 */
type Sources = Int32Array;

function numbers<Values extends Float64Array | Int32Array | Uint8Array>(
  first: Values,
  second: Values,
  from: Sources,
  into: Values,
): Values {
  for (let at = 0; at < from.length; at += 1) {
    const source = from[at]!;
    into[at] = source >= 0 ? first[source]! : second[~source]!;
  }
  return into;
}

function digests(first: PackedDigests, second: PackedDigests, from: Sources): PackedDigests {
  const bytes = new Uint8Array(from.length * DIGEST_BYTES);
  const others: Array<[number, string]> = [];
  const firstOthers = new Map(first.others);
  const secondOthers = new Map(second.others);
  for (let at = 0; at < from.length; at += 1) {
    const source = from[at]!;
    const side = source >= 0 ? first.bytes : second.bytes;
    const position = source >= 0 ? source : ~source;
    const other = (source >= 0 ? firstOthers : secondOthers).get(position);
    if (other !== undefined) others.push([at, other]);
    else
      for (let byte = 0; byte < DIGEST_BYTES; byte += 1)
        bytes[at * DIGEST_BYTES + byte] = side[position * DIGEST_BYTES + byte]!;
  }
  return { bytes, others };
}

function lists<Values extends Int32Array | Float64Array>(
  first: Lists<Values>,
  second: Lists<Values>,
  from: Sources,
  width: number,
): Lists<Values> {
  const offsets = new Uint32Array(from.length + 1);
  for (let at = 0; at < from.length; at += 1) {
    const source = from[at]!;
    const side = source >= 0 ? first.offsets : second.offsets;
    const position = source >= 0 ? source : ~source;
    offsets[at + 1] = offsets[at]! + side[position + 1]! - side[position]!;
  }
  const values = new (first.values.constructor as new (length: number) => Values)(
    offsets[from.length]! * width,
  );
  let into = 0;
  for (let at = 0; at < from.length; at += 1) {
    const source = from[at]!;
    const side = source >= 0 ? first : second;
    const position = source >= 0 ? source : ~source;
    const end = side.offsets[position + 1]! * width;
    for (let value = side.offsets[position]! * width; value < end; value += 1)
      values[into++] = side.values[value]!;
  }
  return { offsets, values };
}

/**
 * Columns made of two others' fields (`from`, in the merged order), copied number by
 * number: `second` must number its texts as `first` does, and more (a builder given
 * `first`'s texts).
 */
export function mergeFactsColumns(
  first: PackedFactsColumns,
  second: PackedFactsColumns,
  from: Sources,
): PackedFactsColumns {
  const count = from.length;
  return {
    texts: second.texts,
    ids: numbers(first.ids, second.ids, from, new Float64Array(count)),
    owners: numbers(first.owners, second.owners, from, new Float64Array(count)),
    created: numbers(first.created, second.created, from, new Float64Array(count)),
    lastModified: numbers(first.lastModified, second.lastModified, from, new Float64Array(count)),
    flags: numbers(first.flags, second.flags, from, new Uint8Array(count)),
    statuses: numbers(first.statuses, second.statuses, from, new Int32Array(count)),
    names: Array.from(from, (source) =>
      source >= 0 ? first.names[source]! : second.names[~source]!,
    ),
    checkSums: digests(first.checkSums, second.checkSums, from),
    shapes: digests(first.shapes, second.shapes, from),
    links: lists(first.links, second.links, from, 5),
    columnNames: lists(first.columnNames, second.columnNames, from, 1),
    nests: lists(first.nests, second.nests, from, 3),
    functions: lists(first.functions, second.functions, from, 1),
    problems: lists(first.problems, second.problems, from, 1),
    lint: lists(first.lint, second.lint, from, 2),
  };
}
