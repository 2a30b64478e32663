import type { CopyOrderCounts, CopySortField } from '../../../contract/copy-orders';
import { compareOwnerNameKeys, compareStatuses } from '../../../contract/copy-orders';
import { nameKeyOf } from '../../../contract/name-order';
import type { IndexColumns } from './index-columns';
import { orderOfRanks, ranksOf, SortOrder } from './sort-order';

/** What the copy's orders are made from, by position, as plain data (saved with the index). */
export interface CopyOrderParts {
  owners: Float64Array;
  /** Owner id -> display name, as the directory has it. */
  ownerNames: Map<number, string>;
  statuses: string[];
  links: Int32Array;
  usage: Int32Array;
  problems: Int32Array;
}

/**
 * The orders of the sorts production lacks (contract/copy-orders.ts). Each is made
 * when first asked for and made again after a change moved its key: a write that
 * changes a field's owner, status or links is rare next to searches, and making one
 * order takes a sort of every position, as numbers (bench/results, copy sorts).
 */
export class CopySortOrders {
  private readonly orders = new Map<CopySortField, SortOrder>();

  constructor(
    private readonly ids: Float64Array,
    readonly parts: CopyOrderParts,
    /** The positions in id order, which breaks ties. */
    private readonly byId: Pick<SortOrder, 'order' | 'rank'>,
  ) {}

  order(field: CopySortField): SortOrder {
    let made = this.orders.get(field);
    if (!made) {
      made = this.make(field);
      this.orders.set(field, made);
    }
    return made;
  }

  /** Takes a field's keys after a change; an order whose key moved is made again when next asked for. */
  set(position: number, owner: number, status: string, counts: CopyOrderCounts): void {
    const { parts } = this;
    if (parts.owners[position] !== owner) {
      parts.owners[position] = owner;
      this.orders.delete('owner');
    }
    if (parts.statuses[position] !== status) {
      parts.statuses[position] = status;
      this.orders.delete('status');
    }
    for (const key of ['links', 'usage', 'problems'] as const) {
      if (parts[key][position] === counts[key]) continue;
      parts[key][position] = counts[key];
      this.orders.delete(key);
    }
  }

  private make(field: CopySortField): SortOrder {
    const { ids, byId } = this;
    const rank = this.keyRanks(field);
    const idRanksInOrder = orderOfRanks(rank, byId.rank);
    const order = new Int32Array(idRanksInOrder.length);
    for (let at = 0; at < order.length; at += 1) order[at] = byId.order[idRanksInOrder[at]!]!;
    const compare = (a: number, b: number) => rank[a]! - rank[b]! || ids[a]! - ids[b]!;
    return new SortOrder(order, compare, ranksOf(order));
  }

  /** Each position's rank by the field's key: the count itself for a count. */
  private keyRanks(field: CopySortField): Int32Array {
    const { parts } = this;
    if (field === 'owner') {
      const keys = new Map([...parts.ownerNames].map(([id, name]) => [id, nameKeyOf(name)]));
      const keyOf = (owner: number) => keys.get(owner) ?? null;
      return rankOf(parts.owners, (a, b) => compareOwnerNameKeys(keyOf(a), keyOf(b)));
    }
    if (field === 'status') return rankOf(parts.statuses, compareStatuses);
    return parts[field];
  }
}

/**
 * Each position's rank among the distinct values, so a sort compares numbers: there
 * are far fewer owners and statuses than fields, and comparing names is slower. Only
 * the distinct values are compared, and the ranks filled in a plain loop (a mapping
 * function took several times longer at 1,000,000 fields).
 */
function rankOf<V>(values: ArrayLike<V>, compare: (a: V, b: V) => number): Int32Array {
  const distinctValues = new Set<V>();
  for (let position = 0; position < values.length; position += 1) {
    distinctValues.add(values[position]!);
  }
  const distinct = [...distinctValues].sort(compare);
  const ranks = new Map<V, number>();
  distinct.forEach((value, index) => {
    const previous = distinct[index - 1];
    // Values that compare equal (names differing only in case) share a rank.
    const same = index > 0 && compare(previous as V, value) === 0;
    ranks.set(value, same ? ranks.get(previous as V)! : index);
  });
  const rank = new Int32Array(values.length);
  for (let position = 0; position < values.length; position += 1) {
    rank[position] = ranks.get(values[position]!)!;
  }
  return rank;
}

/** The count columns of the copy's orders, from each position's counts. */
export function copyCountColumns(counts: readonly CopyOrderCounts[]): IndexColumns['copyCounts'] {
  return {
    links: Int32Array.from(counts, (count) => count.links),
    usage: Int32Array.from(counts, (count) => count.usage),
    problems: Int32Array.from(counts, (count) => count.problems),
  };
}
