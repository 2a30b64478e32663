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
import type { SetCondition } from './set-conditions';
import { countAndSelect, filterCandidates, intersection } from './set-conditions';
import { SortOrder } from './sort-order';

/** A list filter matching fewer than 1 field in this many is checked field by field. */
const DENSE_SHARE = 64;

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
  private readonly lists: Record<ListFilter['field'], Map<string | number, ArrayLike<number>>>;
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
      [...columns.fieldsByReference].map(([target, ids]) => [target, this.positions(ids).sort()]),
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
    const offset = request.offset ?? 0;
    const { totalHits, positions } = this.pageOfMatches(request, offset);
    return {
      totalHits,
      ids: positions.map((position) => this.ids[position]!),
      hasMore: offset + positions.length < totalHits,
    };
  }

  /**
   * Three ways, by what narrows the search: a short list of candidates (a rare name,
   * the dependents of a field, a small posting list) is checked one by one; sets
   * alone under a name sort are counted and paged in one pass; other sorts build
   * the set of matches and walk their order.
   */
  private pageOfMatches(
    request: NormalizedSearchRequest,
    offset: number,
  ): { totalHits: number; positions: number[] } {
    const { limit, sort } = request;
    const { candidates, sets } = this.conditions(request);
    if (candidates) {
      const matches = filterCandidates(candidates, sets);
      return {
        totalHits: matches.length,
        positions: this.pageOfList(matches, sort, offset, limit),
      };
    }
    if (sets.length > 0 && sort.field === 'name') {
      const { count, page } = countAndSelect(this.size, sets, offset, limit, sort.ascending);
      return { totalHits: count, positions: page };
    }
    const matches = sets.length > 0 ? intersection(this.size, sets) : undefined;
    const totalHits = matches ? matches.count() : this.size;
    return { totalHits, positions: this.page(matches, totalHits, sort, offset, limit) };
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

  /**
   * What the request asks, as sets every match is in (or out of) and, when some part
   * of it matches few records, the shortest list of those as candidates.
   */
  private conditions(request: NormalizedSearchRequest): {
    candidates?: ArrayLike<number>;
    sets: SetCondition[];
  } {
    const sets: SetCondition[] = [];
    const lists: Array<ArrayLike<number>> = [];
    const add = (match: Bitset | ArrayLike<number>) => {
      if (match instanceof Bitset) sets.push({ set: match, negated: false });
      else lists.push(match);
    };
    if (request.name) add(this.names.matching(request.name.toLowerCase()));
    for (const filter of request.filters) {
      if (filter.kind === 'flag')
        sets.push({ set: this.flags[filter.flag], negated: filter.negated });
      else if (filter.kind === 'dependents') add(this.dependentsOf(filter.fieldId));
      else add(this.listMatches(filter));
    }
    if (lists.length === 0) return { sets };
    lists.sort((a, b) => a.length - b.length);
    for (const list of lists.slice(1))
      sets.push({ set: Bitset.of(this.size, list), negated: false });
    return { candidates: lists[0], sets };
  }

  /** Ascending positions of the fields that reference the field, or none. */
  private dependentsOf(fieldId: number | undefined): ArrayLike<number> {
    return (fieldId === undefined ? undefined : this.dependents.get(fieldId)) ?? [];
  }

  /** The fields with any of the values: a set when they are many, else ascending positions. */
  private listMatches(filter: ListFilter): Bitset | number[] {
    const postings = this.lists[filter.field];
    const values =
      filter.field === 'status' || filter.field === 'function'
        ? filter.values.map((value) => value.toUpperCase())
        : filter.values;
    const found = values.map((value) => postings.get(value) ?? []);
    const total = found.reduce((sum, list) => sum + list.length, 0);
    if (total * DENSE_SHARE >= this.size) {
      const set = new Bitset(this.size);
      for (const list of found) for (let i = 0; i < list.length; i += 1) set.add(list[i]!);
      return set;
    }
    const positions: number[] = [];
    for (const list of found) for (let i = 0; i < list.length; i += 1) positions.push(list[i]!);
    // Several values may share a field (a field on two data sources); keep each once.
    positions.sort((a, b) => a - b);
    return positions.filter((position, i) => i === 0 || positions[i - 1] !== position);
  }

  /** One page of matches given as ascending positions, in the order asked for. */
  private pageOfList(
    matches: number[],
    sort: NormalizedSearchRequest['sort'],
    offset: number,
    limit: number,
  ): number[] {
    if (sort.field === 'name') {
      const inOrder = sort.ascending ? matches : matches.reverse();
      return inOrder.slice(offset, offset + limit);
    }
    const { rank } = this.orders[sort.field];
    matches.sort((a, b) => (sort.ascending ? rank[a]! - rank[b]! : rank[b]! - rank[a]!));
    return matches.slice(offset, offset + limit);
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
