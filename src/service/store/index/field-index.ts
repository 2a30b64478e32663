import type { CalculatedField } from '../../../contract/field';
import { isValidStatus } from '../../../contract/field';
import type { CopySortField } from '../../../contract/copy-orders';
import { copyOrderCountsOf, isCopySortField } from '../../../contract/copy-orders';
import { linkStateOf } from '../../../contract/link-summary';
import { nameKeyOf } from '../../../contract/name-order';
import type { FlagFilter, SortField } from '../../../contract/search';
import type {
  NormalizedFilter,
  NormalizedSearchRequest,
} from '../../../contract/search-validation';
import type { Statistics } from '../../../contract/statistics';
import { countStatistics } from '../../../contract/statistic-definitions';
import { countingRequest } from '../count-matching';
import type { CopyOrderParts } from './copy-sort-orders';
import { CopySortOrders } from './copy-sort-orders';
import { flagsOf } from '../field-flags';
import { Bitset } from './bitset';
import { FlagCounts } from './flag-counts';
import type { FlagBit, IndexColumns } from './index-columns';
import { bitOf } from './index-columns';
import type { NameGramParts } from './name-gram-index';
import { NameGramIndex } from './name-gram-index';
import type { PackedListsParts } from './packed-lists';
import { PackedLists } from './packed-lists';
import { PositionsById } from './positions-by-id';
import type { Steps } from '../in-turns';
import type { SetCondition } from './set-conditions';
import { countAndSelect, filterCandidates, intersection } from './set-conditions';
import { ranksOf, SortOrder } from './sort-order';

/** A list filter matching fewer than 1 field in this many is checked field by field. */
const DENSE_SHARE = 64;

export interface IdPage {
  totalHits: number;
  hasMore: boolean;
  ids: number[];
}

/**
 * Some of the indexed fields, searched among alone (a finding's drill-down): a set of
 * their positions when they are many, else their positions ascending, as a list
 * filter's matches are. Positions never move, so a lock leaves it true.
 */
export type FieldSubset = Bitset | Int32Array;

type ListFilter = Extract<NormalizedFilter, { kind: 'list' }>;

/**
 * The stored flag each flag filter reads; `invalid` reads the status instead and
 * `nested` the fields that nest each field.
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

type OrderField = Exclude<SortField, 'name' | CopySortField>;

/** A field's lock flag and last-modified time as the store holds them now. */
export interface LockChange {
  id: number;
  locked: boolean;
  lastModified: number;
}
type Lists = Record<ListFilter['field'], Map<string | number, ArrayLike<number>>>;

/**
 * Everything a FieldIndex holds, as plain data (typed arrays, maps, strings), so a
 * built index can be saved beside the store and read back (saved-index.ts).
 */
export interface FieldIndexParts {
  ids: Float64Array;
  created: Float64Array;
  lastModified: Float64Array;
  /** The words of each flag's bitset. */
  flags: Record<FlagFilter, Uint32Array>;
  lists: Lists;
  /** Referenced field id -> ascending positions of the fields that reference it. */
  dependents: PackedListsParts;
  names: NameGramParts;
  orders: Record<OrderField, { order: Int32Array; rank: Int32Array }>;
  /** What the sorts production lacks are made from; their orders are made when needed. */
  copy: CopyOrderParts;
}

/**
 * Answers searches and statistics from memory: a bitset per flag, posting lists
 * per list-filter value, a gram index over names and one order per sort field.
 * Positions are numbered in name order, so a name sort needs no order of its own.
 * The store keeps it in step with SQLite, which stays the source of truth.
 */
export class FieldIndex {
  private readonly size: number;
  private readonly ids: Float64Array;
  private readonly created: Float64Array;
  private readonly lastModified: Float64Array;
  private readonly positionById: PositionsById;
  private readonly flags: Record<FlagFilter, Bitset>;
  private readonly flagCounts: FlagCounts;
  private readonly lists: Lists;
  /** Referenced field id -> positions of the fields that reference it. */
  private readonly dependents: PackedLists;
  private readonly names: NameGramIndex;
  private readonly orders: Record<OrderField, SortOrder>;
  private readonly copyOrders: CopySortOrders;

  /** Builds the index from the store's columns, or takes the parts of one built before. */
  constructor(source: IndexColumns | FieldIndexParts, positionById?: PositionsById) {
    const parts = 'nameKeys' in source ? buildParts(source) : source;
    const { ids, created, lastModified } = parts;
    this.size = ids.length;
    this.ids = ids;
    this.created = created;
    this.lastModified = lastModified;
    this.positionById = positionById ?? new PositionsById(ids);
    this.flags = Object.fromEntries(
      Object.entries(parts.flags).map(([flag, words]) => [flag, new Bitset(this.size, words)]),
    ) as Record<FlagFilter, Bitset>;
    this.flagCounts = new FlagCounts(this.size, Object.values(this.flags));
    this.lists = parts.lists;
    this.dependents = new PackedLists(parts.dependents);
    this.names = new NameGramIndex(parts.names);
    const byKey = (key: Float64Array) => (a: number, b: number) =>
      key[a]! - key[b]! || ids[a]! - ids[b]!;
    const { orders } = parts;
    this.orders = {
      created: new SortOrder(orders.created.order, byKey(created), orders.created.rank),
      lastModified: new SortOrder(
        orders.lastModified.order,
        byKey(lastModified),
        orders.lastModified.rank,
      ),
      // Ids never change, so this order never moves a position.
      id: new SortOrder(orders.id.order, () => 0, orders.id.rank),
    };
    this.copyOrders = new CopySortOrders(ids, parts.copy, this.orders.id);
  }

  /**
   * The index made from its parts in steps (store/in-turns.ts): the position of each
   * id, most of the making, held the thread that answers requests for 55 to 71 ms at
   * 1,000,000 fields when made at once.
   */
  static *inSteps(parts: FieldIndexParts): Steps<FieldIndex> {
    const positionById = yield* PositionsById.inSteps(parts.ids);
    return new FieldIndex(parts, positionById);
  }

  /** What the index holds now, changes since it was built included. */
  parts(): FieldIndexParts {
    const flags = Object.fromEntries(
      Object.entries(this.flags).map(([flag, set]) => [flag, set.words]),
    ) as Record<FlagFilter, Uint32Array>;
    const order = ({ order, rank }: SortOrder) => ({ order, rank });
    return {
      ids: this.ids,
      created: this.created,
      lastModified: this.lastModified,
      flags,
      lists: this.lists,
      dependents: this.dependents.parts,
      names: this.names.parts(),
      orders: {
        created: order(this.orders.created),
        lastModified: order(this.orders.lastModified),
        id: order(this.orders.id),
      },
      copy: this.copyOrders.parts,
    };
  }

  /** The ids of one page of matches, and how many match in all; only among `within` when given. */
  search(request: NormalizedSearchRequest, within?: FieldSubset): IdPage {
    const offset = request.offset ?? 0;
    const { totalHits, positions } = this.pageOfMatches(request, offset, within);
    return {
      totalHits,
      ids: positions.map((position) => this.ids[position]!),
      hasMore: offset + positions.length < totalHits,
    };
  }

  /**
   * Four ways, by what narrows the search: a name alone under a name sort is paged
   * from the runs of the names that match; a short list of candidates (a rare name,
   * the dependents of a field, a small posting list) is checked one by one; sets
   * alone under a name sort are counted and paged in one pass; other sorts build
   * the set of matches and walk their order.
   */
  private pageOfMatches(
    request: NormalizedSearchRequest,
    offset: number,
    within: FieldSubset | undefined,
  ): { totalHits: number; positions: number[] } {
    const { limit, sort } = request;
    if (request.name && request.filters.length === 0 && sort.field === 'name' && !within) {
      const name = nameKeyOf(request.name);
      const { count, page } = this.names.page(name, offset, limit, sort.ascending);
      return { totalHits: count, positions: page };
    }
    const { candidates, sets } = this.conditions(request, within);
    if (candidates) {
      const matches = filterCandidates(candidates, sets);
      return {
        totalHits: matches.length,
        positions: this.pageOfList(matches, sort, offset, limit),
      };
    }
    if (sets.length > 0 && sort.field === 'name') {
      const known = this.flagCounts.countOf(sets);
      const { count, page } = countAndSelect(this.size, sets, offset, limit, sort.ascending, known);
      return { totalHits: count, positions: page };
    }
    const matches = sets.length > 0 ? intersection(this.size, sets) : undefined;
    const totalHits = matches ? matches.count() : this.size;
    return { totalHits, positions: this.page(matches, totalHits, sort, offset, limit) };
  }

  statistics(): Statistics {
    return countStatistics((filters) => this.search(countingRequest(filters)).totalHits);
  }

  /**
   * The indexed fields among `ids` (any others left out), to search among alone: one
   * pass over the ids.
   */
  subset(ids: readonly number[]): FieldSubset {
    const { positionById } = this;
    if (ids.length * DENSE_SHARE >= this.size) {
      const set = new Bitset(this.size);
      for (const id of ids) {
        const position = positionById.get(id);
        if (position !== undefined) set.add(position);
      }
      return set;
    }
    const positions = new Int32Array(ids.length);
    let known = 0;
    for (const id of ids) {
      const position = positionById.get(id);
      if (position !== undefined) positions[known++] = position;
    }
    // Ascending and each once, as a list filter's matches are (a group of a few fields).
    const sorted = positions.subarray(0, known).sort();
    return sorted.filter((position, i) => i === 0 || sorted[i - 1] !== position);
  }

  /** How many fields use each function or operator. */
  fieldsPerFunction(): Map<string, number> {
    const postings = [...this.lists.function];
    return new Map(postings.map(([name, positions]) => [String(name), positions.length]));
  }

  /** Takes a lock or unlock of an indexed field; false when the field is unknown. */
  applyLock(id: number, locked: boolean, lastModified: number): boolean {
    const position = this.positionById.get(id);
    if (position === undefined) return false;
    this.flagCounts.set(this.flags.locked, position, locked);
    if (this.lastModified[position] !== lastModified) {
      this.lastModified[position] = lastModified;
      this.orders.lastModified.reposition(position);
    }
    return true;
  }

  /**
   * Takes a change of an indexed field that keeps its place: the same name, the same
   * links to data sources and cards, the same references (the caller knows those).
   * Flags, owner, status, functions and lastModified move; false when the change is
   * of another kind or the field unknown, and the index must be built again.
   */
  applyChange(before: CalculatedField, after: CalculatedField): boolean {
    const position = this.positionById.get(after.id);
    if (position === undefined || before.id !== after.id) return false;
    if (before.name.toLowerCase() !== after.name.toLowerCase()) return false;
    if (linkTargets(before) !== linkTargets(after)) return false;
    const flags = flagsOf(after);
    for (const [filter, bit] of Object.entries(flagBitOf)) {
      this.flagCounts.set(this.flags[filter as FlagFilter], position, flags[bit]);
    }
    this.flagCounts.set(this.flags.invalid, position, !isValidStatus(after.status));
    const { owner, status, function: functions } = this.lists;
    movePosting(owner, before.owner, after.owner, position);
    movePosting(status, before.status.toUpperCase(), after.status.toUpperCase(), position);
    const had = new Set(before.functions);
    const has = new Set(after.functions);
    for (const name of had) if (!has.has(name)) movePosting(functions, name, undefined, position);
    for (const name of has) if (!had.has(name)) movePosting(functions, undefined, name, position);
    if (this.lastModified[position] !== after.lastModified) {
      this.lastModified[position] = after.lastModified;
      this.orders.lastModified.reposition(position);
    }
    const links = after.links.map(linkStateOf);
    this.copyOrders.set(
      position,
      after.owner,
      after.status,
      copyOrderCountsOf({ status: after.status, links }),
    );
    return true;
  }

  private orderOf(field: Exclude<SortField, 'name'>): SortOrder {
    return isCopySortField(field) ? this.copyOrders.order(field) : this.orders[field];
  }

  /**
   * Takes many locks and unlocks at once (a replay of the store's changes), moving
   * the last-modified order once; false when a field is unknown.
   */
  applyLocks(locks: readonly LockChange[]): boolean {
    const moved: number[] = [];
    for (const { id, locked, lastModified } of locks) {
      const position = this.positionById.get(id);
      if (position === undefined) return false;
      this.flagCounts.set(this.flags.locked, position, locked);
      if (this.lastModified[position] === lastModified) continue;
      this.lastModified[position] = lastModified;
      moved.push(position);
    }
    if (moved.length > 0) this.orders.lastModified.repositionMany(moved);
    return true;
  }

  /**
   * What the request asks, as sets every match is in (or out of) and, when some part
   * of it matches few records, the shortest list of those as candidates.
   */
  private conditions(
    request: NormalizedSearchRequest,
    within: FieldSubset | undefined,
  ): {
    candidates?: ArrayLike<number>;
    sets: SetCondition[];
  } {
    const sets: SetCondition[] = [];
    const lists: Array<ArrayLike<number>> = [];
    const add = (match: Bitset | ArrayLike<number>) => {
      if (match instanceof Bitset) sets.push({ set: match, negated: false });
      else lists.push(match);
    };
    if (within) add(within);
    if (request.name) add(this.names.matching(nameKeyOf(request.name)));
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
    const { rank } = this.orderOf(sort.field);
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
    const { order, rank } = this.orderOf(sort.field);
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

/** Builds every part of the index from the store's columns. */
function buildParts(columns: IndexColumns): FieldIndexParts {
  const { ids } = columns;
  const size = ids.length;
  const positionById = new PositionsById(ids);
  const positions = (fieldIds: readonly number[]) => positionById.positionsOf(fieldIds);
  const positionsOf = (fieldsByValue: Map<string, number[]>) =>
    new Map([...fieldsByValue].map(([value, fieldIds]) => [value, positions(fieldIds)]));

  const flagWords = (bit: number) => {
    const set = new Bitset(size);
    columns.flags.forEach((flags, position) => (flags & bit) !== 0 && set.add(position));
    return set.words;
  };
  const invalid = new Bitset(size);
  columns.statuses.forEach((status, position) => !isValidStatus(status) && invalid.add(position));
  const dependents = new Map(
    [...columns.fieldsByReference].map(([target, fieldIds]) => [
      target,
      positions(fieldIds).sort(),
    ]),
  );
  // `nested`: some other field nests this one (a self-reference is no use).
  const nested = new Bitset(size);
  for (const [target, sources] of dependents) {
    const position = positionById.get(target);
    if (position !== undefined && sources.some((source) => source !== position)) {
      nested.add(position);
    }
  }
  const flags = { invalid: invalid.words, nested: nested.words } as Record<FlagFilter, Uint32Array>;
  for (const [filter, bit] of Object.entries(flagBitOf)) {
    flags[filter as FlagFilter] = flagWords(bitOf(bit));
  }

  const order = (fieldIds: readonly number[]) => {
    const inOrder = positions(fieldIds);
    return { order: inOrder, rank: ranksOf(inOrder) };
  };
  return {
    ids,
    created: columns.created,
    lastModified: columns.lastModified,
    flags,
    lists: {
      owner: postingsOf(columns.owners),
      status: postingsOf(columns.statuses.map((status) => status.toUpperCase())),
      function: positionsOf(columns.fieldsByFunction),
      dataset: positionsOf(columns.fieldsByDataSource),
      card: positionsOf(columns.fieldsByCard),
    },
    dependents: PackedLists.of(dependents).parts,
    names: new NameGramIndex(columns.nameKeys).parts(),
    orders: {
      created: order(columns.createdOrder),
      lastModified: order(columns.lastModifiedOrder),
      id: order(columns.idOrder),
    },
    copy: {
      owners: Float64Array.from(columns.owners),
      ownerNames: columns.ownerNames,
      statuses: [...columns.statuses],
      ...columns.copyCounts,
    },
  };
}

/** Value -> ascending positions of the fields that have it, from a column by position. */
function postingsOf<T extends string | number>(values: ArrayLike<T>): Map<T, Int32Array> {
  const lists = new Map<T, number[]>();
  for (let position = 0; position < values.length; position += 1) {
    const value = values[position]!;
    const list = lists.get(value);
    if (list) list.push(position);
    else lists.set(value, [position]);
  }
  // Half the memory of arrays of numbers, and saved and read back as one block each.
  return new Map([...lists].map(([value, list]) => [value, Int32Array.from(list)]));
}

/** The data sources and cards a field links to, as one comparable text. */
function linkTargets(field: CalculatedField): string {
  return JSON.stringify(field.links.map((link) => [link.resource.type, link.resource.id]));
}

/** Moves a position from one value's ascending posting list to another's (either may be none). */
function movePosting<T>(
  postings: Map<T, ArrayLike<number>>,
  from: T | undefined,
  to: T | undefined,
  position: number,
): void {
  if (from === to) return;
  if (from !== undefined) {
    const list = Int32Array.from(postings.get(from) ?? []).filter((at) => at !== position);
    if (list.length > 0) postings.set(from, list);
    else postings.delete(from);
  }
  if (to !== undefined) {
    const list = Int32Array.from(postings.get(to) ?? []);
    const at = list.findIndex((other) => other > position);
    const end = at === -1 ? list.length : at;
    const next = new Int32Array(list.length + 1);
    next.set(list.subarray(0, end));
    next[end] = position;
    next.set(list.subarray(end), end + 1);
    postings.set(to, next);
  }
}
