import { isValidStatus } from '../../../contract/field';
import type { FlagFilter, SortField } from '../../../contract/search';
import type {
  NormalizedFilter,
  NormalizedSearchRequest,
} from '../../../contract/search-validation';
import type { Statistics } from '../../../contract/statistics';
import { countStatistics } from '../../../contract/statistics';
import { countingRequest } from '../count-matching';
import { Bitset } from './bitset';
import type { FlagBit, IndexColumns } from './index-columns';
import { bitOf } from './index-columns';
import { NameGramIndex } from './name-gram-index';
import { PositionsById } from './positions-by-id';
import { SortOrder } from './sort-order';

export interface IdPage {
  totalHits: number;
  hasMore: boolean;
  ids: number[];
}

type ListFilter = Extract<NormalizedFilter, { kind: 'list' }>;

/**
 * The stored flag each flag filter reads; `invalid` reads the status instead and
 * `nested` the references.
 */
const flagBitOf: Record<Exclude<FlagFilter, 'invalid' | 'nested'>, FlagBit> = {
  variable: 'variable',
  locked: 'locked',
  archived: 'archived',
  global: 'global',
  hidden: 'hidden',
  aggregated: 'aggregated',
  invalidlink: 'has_invalid_link',
  active: 'has_active_link',
  ondataset: 'has_visible_data_source',
  invisualization: 'has_active_card',
};

/**
 * Answers searches and statistics from memory: a bitset per flag, posting lists
 * per list-filter value, a gram index over names and one order per sort field.
 * Positions are numbered in name order, so a name sort needs no order of its own.
 * The store keeps it in step with SQLite, which stays the source of truth.
 */
export class FieldIndex {
  private readonly size: number;
  private readonly ids: Float64Array;
  private readonly lastModified: Float64Array;
  private readonly positionById: PositionsById;
  private readonly flags: Record<FlagFilter, Bitset>;
  private readonly lists: Record<ListFilter['field'], Map<string | number, Iterable<number>>>;
  /** Referenced field id -> positions of the fields that reference it. */
  private readonly dependents: Map<number, Int32Array>;
  private readonly names: NameGramIndex;
  private readonly orders: Record<Exclude<SortField, 'name'>, SortOrder>;

  constructor(columns: IndexColumns) {
    const { ids } = columns;
    this.size = ids.length;
    this.ids = ids;
    this.lastModified = columns.lastModified;
    this.positionById = new PositionsById(ids);

    const flagSet = (bit: number) => {
      const set = new Bitset(this.size);
      columns.flags.forEach((flags, position) => (flags & bit) !== 0 && set.add(position));
      return set;
    };
    const invalid = new Bitset(this.size);
    columns.statuses.forEach((status, position) => !isValidStatus(status) && invalid.add(position));
    this.dependents = new Map(
      [...columns.fieldsByReference].map(([target, ids]) => [target, this.positions(ids)]),
    );
    const nested = new Bitset(this.size);
    for (const positions of this.dependents.values()) {
      for (const position of positions) nested.add(position);
    }
    this.flags = { invalid, nested } as Record<FlagFilter, Bitset>;
    for (const [filter, bit] of Object.entries(flagBitOf)) {
      this.flags[filter as FlagFilter] = flagSet(bitOf(bit));
    }

    this.lists = {
      owner: this.postingsOf(columns.owners),
      status: this.postingsOf(columns.statuses.map((status) => status.toUpperCase())),
      function: this.positionsOf(columns.fieldsByFunction),
      dataset: this.positionsOf(columns.fieldsByDataSource),
      card: this.positionsOf(columns.fieldsByCard),
    };
    this.names = new NameGramIndex(columns.nameKeys);

    const byKey = (key: Float64Array) => (a: number, b: number) =>
      key[a]! - key[b]! || ids[a]! - ids[b]!;
    this.orders = {
      created: new SortOrder(this.positions(columns.createdOrder), byKey(columns.created)),
      lastModified: new SortOrder(
        this.positions(columns.lastModifiedOrder),
        byKey(columns.lastModified),
      ),
      // Ids never change, so this order never moves a position.
      id: new SortOrder(this.positions(columns.idOrder), () => 0),
    };
  }

  /** The ids of one page of matches, and how many match in all. */
  search(request: NormalizedSearchRequest): IdPage {
    const matches = this.matchSet(request);
    const totalHits = matches ? matches.count() : this.size;
    const offset = request.offset ?? 0;
    const positions = this.page(matches, totalHits, request.sort, offset, request.limit);
    return {
      totalHits,
      ids: positions.map((position) => this.ids[position]!),
      hasMore: offset + positions.length < totalHits,
    };
  }

  statistics(): Statistics {
    return countStatistics((filters) => this.search(countingRequest(filters)).totalHits);
  }

  /** Takes a lock or unlock of an indexed field; false when the field is unknown. */
  applyLock(id: number, locked: boolean, lastModified: number): boolean {
    const position = this.positionById.get(id);
    if (position === undefined) return false;
    this.flags.locked.set(position, locked);
    if (this.lastModified[position] !== lastModified) {
      this.lastModified[position] = lastModified;
      this.orders.lastModified.reposition(position);
    }
    return true;
  }

  /** Value -> positions of the fields that have it, from a column by position. */
  private postingsOf<T extends string | number>(values: ArrayLike<T>): Map<T, number[]> {
    const postings = new Map<T, number[]>();
    for (let position = 0; position < values.length; position += 1) {
      const value = values[position]!;
      const list = postings.get(value);
      if (list) list.push(position);
      else postings.set(value, [position]);
    }
    return postings;
  }

  /** The same lists with field ids turned into positions. */
  private positionsOf(fieldsByValue: Map<string, number[]>): Map<string, Int32Array> {
    return new Map([...fieldsByValue].map(([value, ids]) => [value, this.positions(ids)]));
  }

  private positions(ids: readonly number[]): Int32Array {
    return this.positionById.positionsOf(ids);
  }

  /** The positions every part of the request allows; undefined when nothing narrows them. */
  private matchSet(request: NormalizedSearchRequest): Bitset | undefined {
    let matches = request.name ? this.names.matching(request.name.toLowerCase()) : undefined;
    for (const filter of request.filters) {
      const [set, negated] =
        filter.kind === 'flag'
          ? [this.flags[filter.flag], filter.negated]
          : filter.kind === 'dependents'
            ? [this.dependentsOf(filter.fieldId), false]
            : [this.listMatches(filter), false];
      if (matches) matches.intersect(set, negated);
      else matches = negated ? Bitset.full(this.size).intersect(set, true) : set.copy();
    }
    return matches;
  }

  private dependentsOf(fieldId: number | undefined): Bitset {
    const set = new Bitset(this.size);
    const positions = fieldId === undefined ? undefined : this.dependents.get(fieldId);
    for (const position of positions ?? []) set.add(position);
    return set;
  }

  private listMatches(filter: ListFilter): Bitset {
    const postings = this.lists[filter.field];
    const set = new Bitset(this.size);
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
    const { size } = this;
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
