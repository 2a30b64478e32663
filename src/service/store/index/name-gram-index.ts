import { Bitset } from './bitset';
import { buildGramPostings, gramKey } from './gram-postings';
import type { NameOccurrencesParts } from './name-occurrences';
import { NameOccurrences } from './name-occurrences';
import type { Texts } from '../text-list';

/**
 * Substring search over lower-cased names. Each distinct name is indexed by every
 * run of 1, 2 and 3 UTF-16 code units it contains, so a query of up to 3 code units
 * is answered by one posting list exactly; a longer one by where its runs of 4
 * start (name-occurrences.ts), exactly too.
 * Names repeat a lot in real instances, so postings point at distinct names.
 *
 * Common runs ("e", "ou", "ing") match a large share of all records. Turning their
 * long lists into positions on every search cost more than the rest of the search,
 * so runs that cover at least 1 record in `denseShare` (64 unless told) also keep
 * their matches as a ready bitset of positions, which a search reads or ANDs.
 * Matches rarer than that are answered as a list of positions instead, so a search
 * for a rare name costs about its matches, however many records there are.
 */
/** Everything a NameGramIndex holds, as plain data, so a built index can be saved and read back. */
export interface NameGramParts {
  size: number;
  denseShare: number;
  /** Read only to save the index: parts taken in from another thread may keep them as bytes. */
  distinctNames: Texts;
  runStarts: number[];
  postings: Map<number, Int32Array>;
  /** The words of each dense run's bitset. */
  denseWords: Map<number, Uint32Array>;
  /** For queries of 4 units or more. */
  occurrences: NameOccurrencesParts;
}

export class NameGramIndex {
  private readonly size: number;
  private readonly distinctNames: Texts;
  /** Where each distinct name's run of positions starts; it ends where the next starts. */
  private readonly runStarts: number[];
  private readonly postings: Map<number, Int32Array>;
  /** Answers queries of 4 units or more. */
  private readonly occurrences: NameOccurrences;
  private readonly denseSets = new Map<number, Bitset>();
  /** How many records each dense run's set holds, counted when first asked. */
  private readonly denseCounts = new Map<number, number>();
  private readonly denseShare: number;

  /**
   * `nameKeys` by position (or the parts of an index built before). Positions are
   * numbered in name order, so the records that share a name form one run and a
   * match adds whole runs at once.
   */
  constructor(nameKeys: readonly string[] | NameGramParts, denseShare = 64) {
    if (!Array.isArray(nameKeys)) {
      const parts = nameKeys as NameGramParts;
      ({ size: this.size, denseShare: this.denseShare, distinctNames: this.distinctNames } = parts);
      ({ runStarts: this.runStarts, postings: this.postings } = parts);
      for (const [key, words] of parts.denseWords) {
        this.denseSets.set(key, new Bitset(this.size, words));
      }
      this.occurrences = new NameOccurrences(parts.occurrences);
      return;
    }
    this.size = nameKeys.length;
    this.denseShare = denseShare;
    const distinctNames: string[] = [];
    this.runStarts = [];
    nameKeys.forEach((name: string, position: number) => {
      if (position === 0 || nameKeys[position - 1] !== name) {
        distinctNames.push(name);
        this.runStarts.push(position);
      }
    });
    this.runStarts.push(this.size);
    this.distinctNames = distinctNames;
    this.postings = buildGramPostings(distinctNames);
    this.occurrences = NameOccurrences.of(distinctNames);
    for (const [key, list] of this.postings) {
      if (this.recordsIn(list) * denseShare >= this.size) {
        this.denseSets.set(key, this.setOf(list));
      }
    }
  }

  parts(): NameGramParts {
    const { size, denseShare, distinctNames, runStarts, postings } = this;
    const denseWords = new Map([...this.denseSets].map(([key, set]) => [key, set.words]));
    const occurrences = this.occurrences.parts;
    return { size, denseShare, distinctNames, runStarts, postings, denseWords, occurrences };
  }

  /**
   * The positions of records whose name contains `query` (already lower-cased): a
   * set when they are common (shared: never change it), ascending positions when rare.
   */
  matching(query: string): Bitset | Int32Array {
    if (query.length <= 3) {
      const key = gramKey(query, 0, query.length);
      return this.denseSets.get(key) ?? this.positionsOf(this.postings.get(key) ?? []);
    }
    return this.positionsOf(this.occurrences.namesHolding(query));
  }

  /**
   * A search by name alone, in name order: how many records match, and the page of
   * them from the `skip`-th on, at most `take`, without building their set or list.
   * The records of a matching name are one run of positions, so the count adds up
   * run lengths and the page walks the runs; a common run of up to 3 units counts
   * its ready bitset once (it never changes) and pages it.
   */
  page(
    query: string,
    skip: number,
    take: number,
    ascending: boolean,
  ): { count: number; page: number[] } {
    if (query.length > 3)
      return this.pageOfNames(this.occurrences.namesHolding(query), skip, take, ascending);
    const key = gramKey(query, 0, query.length);
    const dense = this.denseSets.get(key);
    if (!dense) return this.pageOfNames(this.postings.get(key) ?? [], skip, take, ascending);
    let count = this.denseCounts.get(key);
    if (count === undefined) this.denseCounts.set(key, (count = dense.count()));
    return { count, page: skip >= count ? [] : dense.select(skip, take, ascending) };
  }

  /** The count and one page of the records of these names (ascending name ids). */
  private pageOfNames(
    nameIds: ArrayLike<number>,
    skip: number,
    take: number,
    ascending: boolean,
  ): { count: number; page: number[] } {
    const page: number[] = [];
    let toSkip = skip;
    for (let step = 0; step < nameIds.length && page.length < take; step += 1) {
      const nameId = nameIds[ascending ? step : nameIds.length - 1 - step]!;
      const start = this.runStarts[nameId]!;
      const end = this.runStarts[nameId + 1]!;
      if (toSkip >= end - start) {
        toSkip -= end - start;
        continue;
      }
      for (let i = toSkip; i < end - start && page.length < take; i += 1) {
        page.push(ascending ? start + i : end - 1 - i);
      }
      toSkip = 0;
    }
    return { count: this.recordsIn(nameIds), page };
  }

  private recordsIn(nameIds: ArrayLike<number>): number {
    let records = 0;
    for (let i = 0; i < nameIds.length; i += 1) {
      records += this.runStarts[nameIds[i]! + 1]! - this.runStarts[nameIds[i]!]!;
    }
    return records;
  }

  private setOf(nameIds: ArrayLike<number>): Bitset {
    const set = new Bitset(this.size);
    for (let i = 0; i < nameIds.length; i += 1) {
      const nameId = nameIds[i]!;
      set.addRange(this.runStarts[nameId]!, this.runStarts[nameId + 1]!);
    }
    return set;
  }

  /** The positions of the records with these names (ascending name ids). */
  private positionsOf(nameIds: ArrayLike<number>): Bitset | Int32Array {
    const records = this.recordsIn(nameIds);
    if (records * this.denseShare >= this.size) return this.setOf(nameIds);
    const positions = new Int32Array(records);
    let filled = 0;
    for (let i = 0; i < nameIds.length; i += 1) {
      const nameId = nameIds[i]!;
      const end = this.runStarts[nameId + 1]!;
      for (let position = this.runStarts[nameId]!; position < end; position += 1) {
        positions[filled++] = position;
      }
    }
    return positions;
  }
}
