import { copyOrderCountsOf } from '../../../contract/copy-orders';
import { linkSummaryOf } from '../../../contract/link-summary';
import { copyCountColumns } from '../../store/index/copy-sort-orders';
import { compareNameOrder, nameKeyOf } from '../../../contract/name-order';
import type { FlagBit, IndexColumns } from '../../store/index/index-columns';
import { bitOf } from '../../store/index/index-columns';
import type { FieldFacts } from '../findings/field-facts';

const compareIds = (a: number, b: number) => a - b;

/**
 * What the service's search index is built from, taken from a snapshot's facts
 * instead of the store, so a snapshot is searched with exactly the store's
 * filters and orders (the same FieldIndex answers both). `references` maps a
 * field to the fields it references; only fields in `facts` are indexed.
 * `ownerNames` are the audit's directory's (none when it has no directory).
 */
export function indexColumnsOfFacts(
  facts: readonly FieldFacts[],
  references: ReadonlyMap<number, readonly number[]>,
  ownerNames: ReadonlyMap<number, string> = new Map(),
): IndexColumns {
  const keyed = facts
    .map((field) => ({ field, id: field.id, nameKey: nameKeyOf(field.name) }))
    .sort(compareNameOrder);
  const byName = keyed.map(({ field }) => field);
  const size = byName.length;
  const columns: IndexColumns = {
    ids: Float64Array.from(byName, (field) => field.id),
    nameKeys: keyed.map(({ nameKey }) => nameKey),
    owners: Float64Array.from(byName, (field) => field.owner),
    created: Float64Array.from(byName, (field) => field.created),
    lastModified: Float64Array.from(byName, (field) => field.lastModified),
    flags: new Int32Array(size),
    statuses: byName.map((field) => field.status),
    ownerNames: new Map(ownerNames),
    copyCounts: copyCountColumns(byName.map(copyOrderCountsOf)),
    fieldsByFunction: new Map(),
    fieldsByDataSource: new Map(),
    fieldsByCard: new Map(),
    fieldsByReference: new Map(),
    idOrder: byName.map((field) => field.id).sort(compareIds),
    createdOrder: [],
    lastModifiedOrder: [],
  };
  const add = (map: Map<string, number[]>, key: string, id: number) => {
    const ids = map.get(key);
    if (!ids) map.set(key, [id]);
    else if (ids[ids.length - 1] !== id) ids.push(id);
  };
  byName.forEach((field, position) => {
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
    columns.flags[position] = flags.reduce(
      (bits, [flag, set]) => (set ? bits | bitOf(flag) : bits),
      0,
    );
  });
  for (const field of [...byName].sort((a, b) => a.id - b.id)) {
    for (const name of new Set(field.functions)) add(columns.fieldsByFunction, name, field.id);
    for (const link of field.links) {
      if (link.type === 'DATA_SOURCE') add(columns.fieldsByDataSource, link.id, field.id);
      if (link.type === 'CARD') add(columns.fieldsByCard, link.id, field.id);
    }
    for (const target of references.get(field.id) ?? []) {
      const sources = columns.fieldsByReference.get(target);
      if (sources) sources.push(field.id);
      else columns.fieldsByReference.set(target, [field.id]);
    }
  }
  const byKey = (key: 'created' | 'lastModified') =>
    [...byName].sort((a, b) => a[key] - b[key] || a.id - b.id).map((field) => field.id);
  columns.createdOrder = byKey('created');
  columns.lastModifiedOrder = byKey('lastModified');
  return columns;
}
