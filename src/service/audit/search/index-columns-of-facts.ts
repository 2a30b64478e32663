import { copyOrderCountsOf } from '../../../contract/copy-orders';
import { linkSummaryOf } from '../../../contract/link-summary';
import { nameKeyComparisonFor, nameKeyOf } from '../../../contract/name-order';
import type { FlagBit, IndexColumns } from '../../store/index/index-columns';
import { bitOf, flagBits } from '../../store/index/index-columns';
import { orderOfRanks } from '../../store/index/sort-order';
import type { FieldFacts } from '../findings/field-facts';

const compareIds = (a: number, b: number) => a - b;

/** Each flag's bit, looked up once rather than per field. */
const bits = Object.fromEntries(flagBits.map((flag) => [flag, bitOf(flag)])) as Record<
  FlagBit,
  number
>;

function flagsOf(field: FieldFacts): number {
  const links = linkSummaryOf(field.links);
  return (
    (field.locked ? bits.locked : 0) |
    (field.archived ? bits.archived : 0) |
    (field.global ? bits.global : 0) |
    (field.variable ? bits.variable : 0) |
    (field.hidden ? bits.hidden : 0) |
    (field.aggregated ? bits.aggregated : 0) |
    (links.brokenLink ? bits.has_invalid_link : 0) |
    (links.active ? bits.has_active_link : 0) |
    (links.onDataSource ? bits.has_visible_data_source : 0) |
    (links.inVisualization ? bits.has_active_card : 0)
  );
}

/** Adds a field id to the list under `key`. */
function add<Key>(map: Map<Key, number[]>, key: Key, id: number) {
  const ids = map.get(key);
  if (ids) ids.push(id);
  else map.set(key, [id]);
}

/** Each list's ids ascending, each once (a field may link one data source twice). */
function ascendingOnce<Key>(map: Map<Key, number[]>): Map<Key, number[]> {
  for (const [key, ids] of map) {
    ids.sort(compareIds);
    map.set(
      key,
      ids.filter((id, index) => index === 0 || ids[index - 1] !== id),
    );
  }
  return map;
}

/**
 * What the service's search index is built from, taken from a snapshot's facts
 * instead of the store, so a snapshot is searched with exactly the store's
 * filters and orders (the same FieldIndex answers both). `references` maps a
 * field to the fields it references; only fields in `facts` are indexed.
 * `ownerNames` are the audit's directory's (none when it has no directory). The
 * facts are read once, each field's dropped as soon as it is read; their ids are
 * unique.
 */
export function indexColumnsOfFacts(
  facts: Iterable<FieldFacts>,
  references: ReadonlyMap<number, readonly number[]>,
  ownerNames: ReadonlyMap<number, string> = new Map(),
): IndexColumns {
  // Column by column in the order read, put in name order once all are read.
  const read = {
    ids: [] as number[],
    nameKeys: [] as string[],
    owners: [] as number[],
    created: [] as number[],
    lastModified: [] as number[],
    flags: [] as number[],
    statuses: [] as string[],
    links: [] as number[],
    usage: [] as number[],
    problems: [] as number[],
  };
  const fieldsByFunction = new Map<string, number[]>();
  const fieldsByDataSource = new Map<string, number[]>();
  const fieldsByCard = new Map<string, number[]>();
  const fieldsByReference = new Map<number, number[]>();
  for (const field of facts) {
    const counts = copyOrderCountsOf(field);
    read.ids.push(field.id);
    read.nameKeys.push(nameKeyOf(field.name));
    read.owners.push(field.owner);
    read.created.push(field.created);
    read.lastModified.push(field.lastModified);
    read.flags.push(flagsOf(field));
    read.statuses.push(field.status);
    read.links.push(counts.links);
    read.usage.push(counts.usage);
    read.problems.push(counts.problems);
    for (const name of field.functions) add(fieldsByFunction, name, field.id);
    for (const link of field.links) {
      if (link.type === 'DATA_SOURCE') add(fieldsByDataSource, link.id, field.id);
      if (link.type === 'CARD') add(fieldsByCard, link.id, field.id);
    }
    for (const target of references.get(field.id) ?? []) add(fieldsByReference, target, field.id);
  }
  // Every order is sorted as numbers, by rank (orderOfRanks): ids are unique, so each
  // id's rank among them stands for its field.
  const size = read.ids.length;
  const idOrder = new Float64Array(read.ids).sort();
  const idRanks = filled(new Float64Array(size), (at) => firstIndexOf(idOrder, read.ids[at]!));
  const readAt = new Int32Array(size);
  idRanks.forEach((rank, at) => (readAt[rank] = at));
  const nameOrder = orderOfRanks(nameKeyRanks(read.nameKeys), idRanks);
  const byName = filled(new Int32Array(size), (position) => readAt[nameOrder[position]!]!);
  const idsByKey = (keys: readonly number[]) => {
    const order = orderOfRanks(numberRanks(keys), idRanks);
    const ids: number[] = [];
    for (let index = 0; index < size; index += 1) ids.push(idOrder[order[index]!]!);
    return ids;
  };
  const numbers = (column: readonly number[]) =>
    filled(new Float64Array(size), (position) => column[byName[position]!]!);
  const integers = (column: readonly number[]) =>
    filled(new Int32Array(size), (position) => column[byName[position]!]!);
  const texts = (column: readonly string[]) => {
    const inOrder: string[] = [];
    for (let position = 0; position < size; position += 1) inOrder.push(column[byName[position]!]!);
    return inOrder;
  };
  return {
    ids: numbers(read.ids),
    nameKeys: texts(read.nameKeys),
    owners: numbers(read.owners),
    created: numbers(read.created),
    lastModified: numbers(read.lastModified),
    flags: integers(read.flags),
    statuses: texts(read.statuses),
    ownerNames: new Map(ownerNames),
    copyCounts: {
      links: integers(read.links),
      usage: integers(read.usage),
      problems: integers(read.problems),
    },
    fieldsByFunction: ascendingOnce(fieldsByFunction),
    fieldsByDataSource: ascendingOnce(fieldsByDataSource),
    fieldsByCard: ascendingOnce(fieldsByCard),
    fieldsByReference: ascendingOnce(fieldsByReference),
    idOrder: Array.from(idOrder),
    createdOrder: idsByKey(read.created),
    lastModifiedOrder: idsByKey(read.lastModified),
  };
}

/** Each value's rank: where it first appears among the values sorted, so equal values share one. */
function numberRanks(values: readonly number[]): Float64Array {
  const sorted = new Float64Array(values).sort();
  return filled(new Float64Array(values.length), (at) => firstIndexOf(sorted, values[at]!));
}

/**
 * Each name key's rank in the name order. Names repeat a lot, so only the distinct
 * ones are compared as text (about 3 in 10 at 100,000 demo fields).
 */
function nameKeyRanks(keys: readonly string[]): Float64Array {
  const distinct = [...new Set(keys)].sort(nameKeyComparisonFor(keys));
  const rankOf = new Map(distinct.map((key, rank) => [key, rank]));
  return filled(new Float64Array(keys.length), (at) => rankOf.get(keys[at]!)!);
}

/**
 * `array` filled by `valueAt` in a plain loop: `from` with a mapping function took
 * several times longer (0.2 s a column at 1,000,000 fields).
 */
function filled<T extends Float64Array | Int32Array>(
  array: T,
  valueAt: (index: number) => number,
): T {
  for (let index = 0; index < array.length; index += 1) array[index] = valueAt(index);
  return array;
}

/** Where `value` first appears in the ascending `sorted`. */
function firstIndexOf(sorted: Float64Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}
