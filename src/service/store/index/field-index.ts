import { VALID } from '../../../contract/field';
import type {
  FlagFilter,
  NormalizedFilter,
  NormalizedSearchRequest,
  SortField,
} from '../../../contract/search';
import type { Statistics } from '../../../contract/statistics';
import { Bitset } from './bitset';
import type { IndexOrders, IndexRecord } from './index-record';
import { NameGramIndex } from './name-gram-index';
import { SortOrder } from './sort-order';

export interface IdPage {
  totalHits: number;
  hasMore: boolean;
  ids: number[];
}

type ListFilter = Extract<NormalizedFilter, { kind: 'list' }>;

const flagOf: Record<FlagFilter, (record: IndexRecord) => boolean> = {
  variable: (record) => record.variable,
  locked: (record) => record.locked,
  archived: (record) => record.archived,
  global: (record) => record.global,
  hidden: (record) => record.hidden,
  aggregated: (record) => record.aggregated,
  invalid: (record) => record.status !== VALID,
  invalidlink: (record) => record.hasInvalidLink,
  active: (record) => record.hasActiveLink,
  ondataset: (record) => record.hasVisibleDataSource,
  invisualization: (record) => record.hasActiveCard,
};

const valuesOf: Record<
  ListFilter['field'],
  (record: IndexRecord) => ReadonlyArray<string | number>
> = {
  owner: (record) => [record.owner],
  dataset: (record) => record.dataSourceIds,
  card: (record) => record.cardIds,
  status: (record) => [record.status.toUpperCase()],
  function: (record) => record.functions,
};

/** What a lock or unlock may change without building the index again. */
const changesInPlace = ['locked', 'lastModified'] as const;

/**
 * Answers searches and statistics from memory: a bitset per flag, posting lists
 * per list-filter value, a gram index over names and one order per sort field.
 * The store keeps it in step with SQLite, which stays the source of truth.
 */
export class FieldIndex {
  private readonly records: IndexRecord[];
  private readonly positionById = new Map<number, number>();
  private readonly flags: Record<FlagFilter, Bitset>;
  private readonly lists: Record<ListFilter['field'], Map<string | number, number[]>>;
  private readonly names: NameGramIndex;
  /** Orders other than by name: positions themselves are numbered in name order. */
  private readonly orders: Record<Exclude<SortField, 'name'>, SortOrder>;

  /** `records` in name order (name, then id) and `orders` as SQLite sorts the same records. */
  constructor(records: IndexRecord[], orders: IndexOrders) {
    this.records = records;
    records.forEach((record, position) => this.positionById.set(record.id, position));
    this.flags = mapValues(flagOf, (test) => this.bitsetOf(test));
    this.lists = mapValues(valuesOf, (values) => this.postingsOf(values));
    this.names = new NameGramIndex(records.map((record) => record.nameKey));
    const positions = (ids: readonly number[]) =>
      Int32Array.from(ids, (id) => this.positionById.get(id)!);
    const byKey = (key: (record: IndexRecord) => number) => (a: number, b: number) =>
      key(records[a]!) - key(records[b]!) || records[a]!.id - records[b]!.id;
    const byId = Int32Array.from(records, (_, position) => position).sort(
      (a, b) => records[a]!.id - records[b]!.id,
    );
    this.orders = {
      created: new SortOrder(
        positions(orders.created),
        byKey((record) => record.created),
      ),
      lastModified: new SortOrder(
        positions(orders.lastModified),
        byKey((record) => record.lastModified),
      ),
      // Ids never change, so this order never needs to move a position.
      id: new SortOrder(byId, () => 0),
    };
  }

  /** The ids of one page of matches, and how many match in all. */
  search(request: NormalizedSearchRequest): IdPage {
    const matches = this.matchSet(request);
    const totalHits = matches ? matches.count() : this.records.length;
    const offset = request.offset ?? 0;
    const positions = this.page(matches, totalHits, request.sort, offset, request.limit);
    return {
      totalHits,
      ids: positions.map((position) => this.records[position]!.id),
      hasMore: offset + positions.length < totalHits,
    };
  }

  statistics(): Statistics {
    const total = this.records.length;
    const onDatasets = this.flags.ondataset.count();
    return {
      total,
      onDatasets,
      onCards: total - onDatasets,
      inVisualizations: this.flags.invisualization.count(),
      locked: this.flags.locked.count(),
      invalid: this.flags.invalid.count(),
      invalidLink: this.flags.invalidlink.count(),
      archived: this.flags.archived.count(),
    };
  }

  /**
   * Takes the new record of a field after a lock or unlock. Returns false when the
   * field is unknown or changed in other ways; the caller then builds a new index.
   */
  replace(record: IndexRecord): boolean {
    const position = this.positionById.get(record.id);
    if (position === undefined) return false;
    const before = this.records[position]!;
    const unchanged = (Object.keys(record) as Array<keyof IndexRecord>).every(
      (key) =>
        (changesInPlace as readonly string[]).includes(key) ||
        JSON.stringify(before[key]) === JSON.stringify(record[key]),
    );
    if (!unchanged) return false;
    this.records[position] = record;
    this.flags.locked.set(position, record.locked);
    if (before.lastModified !== record.lastModified) this.orders.lastModified.reposition(position);
    return true;
  }

  private bitsetOf(test: (record: IndexRecord) => boolean): Bitset {
    const set = new Bitset(this.records.length);
    this.records.forEach((record, position) => test(record) && set.add(position));
    return set;
  }

  private postingsOf(values: (record: IndexRecord) => ReadonlyArray<string | number>) {
    const postings = new Map<string | number, number[]>();
    this.records.forEach((record, position) => {
      for (const value of values(record)) {
        const list = postings.get(value);
        // A value repeated within one record is always the last entry.
        if (!list) postings.set(value, [position]);
        else if (list[list.length - 1] !== position) list.push(position);
      }
    });
    return postings;
  }

  /** The positions every part of the request allows; undefined when nothing narrows them. */
  private matchSet(request: NormalizedSearchRequest): Bitset | undefined {
    let matches = request.name ? this.names.matching(request.name.toLowerCase()) : undefined;
    for (const filter of request.filters) {
      const [set, negated] =
        filter.kind === 'flag'
          ? [this.flags[filter.flag], filter.negated]
          : [this.listMatches(filter), false];
      if (matches) matches.intersect(set, negated);
      else matches = negated ? Bitset.full(this.records.length).intersect(set, true) : set.copy();
    }
    return matches;
  }

  private listMatches(filter: ListFilter): Bitset {
    const postings = this.lists[filter.field];
    const set = new Bitset(this.records.length);
    const values =
      filter.field === 'status' || filter.field === 'function'
        ? filter.values.map((value) => value.toUpperCase())
        : filter.values;
    for (const value of values) for (const position of postings.get(value) ?? []) set.add(position);
    return set;
  }

  private page(
    matches: Bitset | undefined,
    totalHits: number,
    sort: NormalizedSearchRequest['sort'],
    offset: number,
    limit: number,
  ): number[] {
    if (offset >= totalHits) return [];
    const size = this.records.length;
    const take = Math.min(limit, totalHits - offset);
    if (sort.field === 'name') {
      if (matches) return matches.select(offset, take, sort.ascending);
      return Array.from({ length: take }, (_, index) =>
        sort.ascending ? offset + index : size - 1 - offset - index,
      );
    }
    const { order, rank } = this.orders[sort.field];
    const at = (index: number) => order[sort.ascending ? index : size - 1 - index]!;
    if (!matches) return Array.from({ length: take }, (_, index) => at(offset + index));
    // Walking the order costs about (offset + limit) / density steps; sorting the
    // matches by rank about n log n. Take the cheaper.
    const walkSteps = ((offset + take) * size) / totalHits;
    const sortSteps = totalHits * Math.log2(totalHits + 1) + size / 32;
    if (sortSteps < walkSteps) {
      const positions = matches.positions();
      positions.sort((a, b) => (sort.ascending ? rank[a]! - rank[b]! : rank[b]! - rank[a]!));
      return positions.slice(offset, offset + take);
    }
    const page: number[] = [];
    let skipped = 0;
    for (let index = 0; index < size && page.length < take; index += 1) {
      const position = at(index);
      if (!matches.has(position)) continue;
      if (skipped < offset) skipped += 1;
      else page.push(position);
    }
    return page;
  }
}

function mapValues<K extends string, V, R>(
  object: Record<K, V>,
  map: (value: V) => R,
): Record<K, R> {
  return Object.fromEntries(
    Object.entries(object).map(([key, value]) => [key, map(value as V)]),
  ) as Record<K, R>;
}
