import { isInAscending } from '../../../analysis/id-lists';
import { copyOrderCountsOf } from '../../../contract/copy-orders';
import { linkSummaryOf } from '../../../contract/link-summary';
import { nameKeyComparisonFor, nameKeyOf } from '../../../contract/name-order';
import type { FlagBit, IndexColumns } from '../../store/index/index-columns';
import { bitOf, flagBits } from '../../store/index/index-columns';
import type { FieldBrief } from '../findings/field-facts';
import { integerOrder } from '../../store/index/integer-order';

const compareIds = (a: number, b: number) => a - b;

/** The numbers read of each field: id, owner, created, last modified, flags, links, usage, problems. */
const ROW = 8;

/** Each flag's bit, looked up once rather than per field. */
const bits = Object.fromEntries(flagBits.map((flag) => [flag, bitOf(flag)])) as Record<
  FlagBit,
  number
>;

function flagsOf(field: FieldBrief): number {
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

/**
 * Adds a field id to the list under `key`, unless it is the last one there (a field
 * may link one data source twice): fields come by id, so each list ascends.
 */
function add<Key>(map: Map<Key, number[]>, key: Key, id: number) {
  const ids = map.get(key);
  if (!ids) map.set(key, [id]);
  else if (ids[ids.length - 1] !== id) ids.push(id);
}

/**
 * What the service's search index is built from, taken from a snapshot's facts
 * instead of the store, so a snapshot is searched with exactly the store's
 * filters and orders (the same FieldIndex answers both). `facts` ascend by id, as a
 * FactsTable reads them; `references` maps a field to the fields it references;
 * only fields in `facts` are indexed. `ownerNames` are the audit's directory's (none
 * when it has no directory). The facts are read once, each field's dropped as soon
 * as it is read.
 */
export function indexColumnsOfFacts(
  facts: Iterable<FieldBrief>,
  references: ReadonlyMap<number, readonly number[]>,
  ownerNames: ReadonlyMap<number, string> = new Map(),
): IndexColumns {
  // In the order read (by id); put in name order once all are read. A field's numbers
  // lie side by side (ROW of them), so putting them in order reads one or two cache
  // lines a field rather than one from each of eight columns.
  const rows: number[] = [];
  const ids: number[] = [];
  const created: number[] = [];
  const lastModified: number[] = [];
  const nameKeys: string[] = [];
  const statuses: string[] = [];
  const fieldsByFunction = new Map<string, number[]>();
  const fieldsByDataSource = new Map<string, number[]>();
  const fieldsByCard = new Map<string, number[]>();
  for (const field of facts) {
    if (field.id <= (ids[ids.length - 1] ?? -Infinity))
      throw new Error('the facts of the index must ascend by id');
    const counts = copyOrderCountsOf(field);
    rows.push(
      field.id,
      field.owner,
      field.created,
      field.lastModified,
      flagsOf(field),
      counts.links,
      counts.usage,
      counts.problems,
    );
    ids.push(field.id);
    created.push(field.created);
    lastModified.push(field.lastModified);
    nameKeys.push(nameKeyOf(field.name));
    statuses.push(field.status);
    for (const name of field.functions) add(fieldsByFunction, name, field.id);
    for (const link of field.links) {
      if (link.type === 'DATA_SOURCE') add(fieldsByDataSource, link.id, field.id);
      if (link.type === 'CARD') add(fieldsByCard, link.id, field.id);
    }
  }
  const size = ids.length;
  const fieldsByReference = new Map<number, number[]>();
  const idSet = Float64Array.from(ids);
  // By source ascending, as the fields: each target's list ascends too.
  for (const source of [...references.keys()].sort(compareIds)) {
    if (!isInAscending(idSet, source)) continue;
    for (const target of references.get(source)!) add(fieldsByReference, target, source);
  }
  // Every order is of positions in the order read, ties on position: on id.
  const byName = integerOrder(nameKeyRanks(nameKeys));
  const idsByKey = (keys: readonly number[]) => {
    const order = integerOrder(keys);
    const inOrder: number[] = [];
    for (let index = 0; index < size; index += 1) inOrder.push(ids[order[index]!]!);
    return inOrder;
  };
  const columns = {
    ids: new Float64Array(size),
    owners: new Float64Array(size),
    created: new Float64Array(size),
    lastModified: new Float64Array(size),
    flags: new Int32Array(size),
    nameKeys: [] as string[],
    statuses: [] as string[],
  };
  const copyCounts = {
    links: new Int32Array(size),
    usage: new Int32Array(size),
    problems: new Int32Array(size),
  };
  for (let position = 0; position < size; position += 1) {
    const at = byName[position]!;
    const row = at * ROW;
    columns.ids[position] = rows[row]!;
    columns.owners[position] = rows[row + 1]!;
    columns.created[position] = rows[row + 2]!;
    columns.lastModified[position] = rows[row + 3]!;
    columns.flags[position] = rows[row + 4]!;
    copyCounts.links[position] = rows[row + 5]!;
    copyCounts.usage[position] = rows[row + 6]!;
    copyCounts.problems[position] = rows[row + 7]!;
    columns.nameKeys.push(nameKeys[at]!);
    columns.statuses.push(statuses[at]!);
  }
  return {
    ...columns,
    ownerNames: new Map(ownerNames),
    copyCounts,
    fieldsByFunction,
    fieldsByDataSource,
    fieldsByCard,
    fieldsByReference,
    idOrder: ids,
    createdOrder: idsByKey(created),
    lastModifiedOrder: idsByKey(lastModified),
  };
}

/**
 * Each name key's rank in the name order. Names repeat a lot, so each is numbered
 * once, as first met, and only the distinct ones are compared as text (about 1 in 8
 * at 1,000,000 fields).
 */
function nameKeyRanks(keys: readonly string[]): Float64Array {
  const numberOf = new Map<string, number>();
  const numbers = new Int32Array(keys.length);
  for (let at = 0; at < keys.length; at += 1) {
    let number = numberOf.get(keys[at]!);
    if (number === undefined) numberOf.set(keys[at]!, (number = numberOf.size));
    numbers[at] = number;
  }
  const distinct = [...numberOf.keys()];
  const rankOf = new Int32Array(distinct.length);
  [...distinct]
    .sort(nameKeyComparisonFor(distinct))
    .forEach((key, rank) => (rankOf[numberOf.get(key)!] = rank));
  return filled(new Float64Array(keys.length), (at) => rankOf[numbers[at]!]!);
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
