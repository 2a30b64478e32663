import type { CopyOrderCounts } from '../../../contract/copy-orders';
import { copyOrderCountsOf } from '../../../contract/copy-orders';
import { linkSummaryOf } from '../../../contract/link-summary';
import { copyCountColumns } from '../../store/index/copy-sort-orders';
import { compareNameOrder, nameKeyOf } from '../../../contract/name-order';
import type { FlagBit, IndexColumns } from '../../store/index/index-columns';
import { bitOf } from '../../store/index/index-columns';
import type { FieldFacts } from '../findings/field-facts';

const compareIds = (a: number, b: number) => a - b;

/** What the index keeps of one field, besides the lists by value. */
interface IndexRow {
  id: number;
  nameKey: string;
  owner: number;
  created: number;
  lastModified: number;
  flags: number;
  status: string;
  counts: CopyOrderCounts;
}

function flagsOf(field: FieldFacts): number {
  const links = linkSummaryOf(field.links);
  const flags: Array<[FlagBit, boolean]> = [
    ['locked', field.locked],
    ['archived', field.archived],
    ['global', field.global],
    ['variable', field.variable],
    ['hidden', field.hidden],
    ['aggregated', field.aggregated],
    ['has_invalid_link', links.brokenLink],
    ['has_active_link', links.active],
    ['has_visible_data_source', links.onDataSource],
    ['has_active_card', links.inVisualization],
  ];
  return flags.reduce((bits, [flag, set]) => (set ? bits | bitOf(flag) : bits), 0);
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
 * facts are read once, each field's dropped as soon as it is read.
 */
export function indexColumnsOfFacts(
  facts: Iterable<FieldFacts>,
  references: ReadonlyMap<number, readonly number[]>,
  ownerNames: ReadonlyMap<number, string> = new Map(),
): IndexColumns {
  const rows: IndexRow[] = [];
  const fieldsByFunction = new Map<string, number[]>();
  const fieldsByDataSource = new Map<string, number[]>();
  const fieldsByCard = new Map<string, number[]>();
  const fieldsByReference = new Map<number, number[]>();
  for (const field of facts) {
    rows.push({
      id: field.id,
      nameKey: nameKeyOf(field.name),
      owner: field.owner,
      created: field.created,
      lastModified: field.lastModified,
      flags: flagsOf(field),
      status: field.status,
      counts: copyOrderCountsOf(field),
    });
    for (const name of field.functions) add(fieldsByFunction, name, field.id);
    for (const link of field.links) {
      if (link.type === 'DATA_SOURCE') add(fieldsByDataSource, link.id, field.id);
      if (link.type === 'CARD') add(fieldsByCard, link.id, field.id);
    }
    for (const target of references.get(field.id) ?? []) add(fieldsByReference, target, field.id);
  }
  const byName = rows.sort(compareNameOrder);
  const byKey = (key: 'created' | 'lastModified') =>
    [...byName].sort((a, b) => a[key] - b[key] || a.id - b.id).map((row) => row.id);
  return {
    ids: Float64Array.from(byName, (row) => row.id),
    nameKeys: byName.map((row) => row.nameKey),
    owners: Float64Array.from(byName, (row) => row.owner),
    created: Float64Array.from(byName, (row) => row.created),
    lastModified: Float64Array.from(byName, (row) => row.lastModified),
    flags: Int32Array.from(byName, (row) => row.flags),
    statuses: byName.map((row) => row.status),
    ownerNames: new Map(ownerNames),
    copyCounts: copyCountColumns(byName.map((row) => row.counts)),
    fieldsByFunction: ascendingOnce(fieldsByFunction),
    fieldsByDataSource: ascendingOnce(fieldsByDataSource),
    fieldsByCard: ascendingOnce(fieldsByCard),
    fieldsByReference: ascendingOnce(fieldsByReference),
    idOrder: byName.map((row) => row.id).sort(compareIds),
    createdOrder: byKey('created'),
    lastModifiedOrder: byKey('lastModified'),
  };
}
