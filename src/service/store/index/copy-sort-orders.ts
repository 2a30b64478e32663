import type { CopyOrderCounts, CopySortField } from '../../../contract/copy-orders';
import { compareOwnerNameKeys, compareStatuses } from '../../../contract/copy-orders';
import { nameKeyOf } from '../../../contract/name-order';
import type { IndexColumns } from './index-columns';
import { ranksOf, SortOrder } from './sort-order';

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
 * order takes a sort of every position (bench/results, copy sorts).
 */
export class CopySortOrders {
  private readonly orders = new Map<CopySortField, SortOrder>();

  constructor(
    private readonly ids: Float64Array,
    readonly parts: CopyOrderParts,
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
    const compare = this.comparison(field);
    const order = Int32Array.from(this.ids, (_, position) => position).sort(compare);
    return new SortOrder(order, compare, ranksOf(order));
  }

  /** Compares two positions by the field's key, ties on id. */
  private comparison(field: CopySortField): (a: number, b: number) => number {
    const { ids, parts } = this;
    const byId = (a: number, b: number) => ids[a]! - ids[b]!;
    if (field === 'owner') {
      const keys = new Map([...parts.ownerNames].map(([id, name]) => [id, nameKeyOf(name)]));
      const rank = rankOf(
        Array.from(parts.owners, (owner) => keys.get(owner) ?? null),
        compareOwnerNameKeys,
      );
      return (a, b) => rank[a]! - rank[b]! || byId(a, b);
    }
    if (field === 'status') {
      const rank = rankOf(parts.statuses, compareStatuses);
      return (a, b) => rank[a]! - rank[b]! || byId(a, b);
    }
    const counts = parts[field];
    return (a, b) => counts[a]! - counts[b]! || byId(a, b);
  }
}

/**
 * Each position's rank among the distinct keys, so a sort compares numbers: there
 * are far fewer owners and statuses than fields, and comparing names is slower.
 */
function rankOf<K>(keys: readonly K[], compare: (a: K, b: K) => number): Int32Array {
  const distinct = [...new Set(keys)].sort(compare);
  const ranks = new Map<K, number>();
  distinct.forEach((key, index) => {
    const previous = distinct[index - 1];
    // Keys that compare equal (names differing only in case) share a rank.
    const same = index > 0 && compare(previous as K, key) === 0;
    ranks.set(key, same ? ranks.get(previous as K)! : index);
  });
  return Int32Array.from(keys, (key) => ranks.get(key)!);
}

/** The count columns of the copy's orders, from each position's counts. */
export function copyCountColumns(counts: readonly CopyOrderCounts[]): IndexColumns['copyCounts'] {
  return {
    links: Int32Array.from(counts, (count) => count.links),
    usage: Int32Array.from(counts, (count) => count.usage),
    problems: Int32Array.from(counts, (count) => count.problems),
  };
}
