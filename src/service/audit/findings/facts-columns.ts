import type { FieldReference } from '../../../analysis/field-references';
import type { Texts } from '../../store/text-list';
import { TextList } from '../../store/text-list';
import { Digests } from './digests';
import type { PackedDigests } from './digests';
import type { FieldBrief, FieldFacts, LinkFacts, LintNote } from './field-facts';

/** The facts' yes-or-no properties, one bit each, in this order (factsAt reads them so). */
const FLAGS = ['locked', 'archived', 'hidden', 'variable', 'global', 'aggregated'] as const;

const bitOf = (flag: (typeof FLAGS)[number]) => 1 << FLAGS.indexOf(flag);
const LOCKED = bitOf('locked');
const ARCHIVED = bitOf('archived');
const VARIABLE = bitOf('variable');

/**
 * Texts many fields share (statuses, link types and ids, column and function
 * names, lint rules and messages), each kept once and named by its number.
 */
class TextPool {
  private readonly numbers = new Map<string, number>();
  readonly texts: string[];

  /** `texts` keep their numbers: columns made with this pool share them. */
  constructor(texts: readonly string[] = []) {
    this.texts = [...texts];
    this.texts.forEach((text, number) => this.numbers.set(text, number));
  }

  numberOf(text: string): number {
    let number = this.numbers.get(text);
    if (number === undefined) {
      number = this.texts.length;
      this.texts.push(text);
      this.numbers.set(text, number);
    }
    return number;
  }
}

/** A list per field, flat: field i's entries are `values[offsets[i] * width ...offsets[i + 1] * width]`. */
export interface Lists<Values extends Int32Array | Float64Array> {
  offsets: Uint32Array;
  values: Values;
}

/** Lists of numbers as they are added, field by field. */
class ListsBuilder {
  private readonly offsets: number[] = [0];
  private readonly values: number[] = [];

  constructor(private readonly width: number) {}

  add(entries: readonly number[]): void {
    for (const value of entries) this.values.push(value);
    this.offsets.push(this.offsets[this.offsets.length - 1]! + entries.length / this.width);
  }

  /** The lists in the order of `order` (positions as added). */
  finish<Values extends Int32Array | Float64Array>(
    order: readonly number[],
    makeValues: (length: number) => Values,
  ): Lists<Values> {
    const offsets = new Uint32Array(order.length + 1);
    const values = makeValues(this.values.length);
    let at = 0;
    order.forEach((from, position) => {
      const start = this.offsets[from]! * this.width;
      const end = this.offsets[from + 1]! * this.width;
      for (let index = start; index < end; index += 1) values[at++] = this.values[index]!;
      offsets[position + 1] = at / this.width;
    });
    return { offsets, values };
  }
}

/**
 * The columns as plain data, to send to another thread: typed arrays and arrays,
 * which a structured clone copies as they are.
 */
export interface PackedFactsColumns {
  texts: readonly string[];
  ids: Float64Array;
  owners: Float64Array;
  created: Float64Array;
  lastModified: Float64Array;
  flags: Uint8Array;
  statuses: Int32Array;
  names: readonly string[];
  checkSums: PackedDigests;
  shapes: PackedDigests;
  links: Lists<Int32Array>;
  columnNames: Lists<Int32Array>;
  nests: Lists<Float64Array>;
  functions: Lists<Int32Array>;
  problems: Lists<Int32Array>;
  lint: Lists<Int32Array>;
}

/** Packed columns as they are taken in: the names may still be bytes (worker/findings-between-threads.ts). */
export type FactsColumnsTakenIn = Omit<PackedFactsColumns, 'names'> & { names: Texts };

/** Field facts as columns: numbers in typed arrays, shared texts by number, digests as bytes. */
export class FactsColumns {
  constructor(
    private readonly texts: readonly string[],
    private readonly ids: Float64Array,
    private readonly owners: Float64Array,
    private readonly created: Float64Array,
    private readonly lastModified: Float64Array,
    private readonly flags: Uint8Array,
    private readonly statuses: Int32Array,
    private readonly names: Texts,
    readonly checkSums: Digests,
    readonly shapes: Digests,
    /** type, id, valid (texts), visible and active (bits) per link. */
    private readonly links: Lists<Int32Array>,
    private readonly columnNames: Lists<Int32Array>,
    /** id, start, end per nested reference. */
    private readonly nests: Lists<Float64Array>,
    private readonly functions: Lists<Int32Array>,
    private readonly problems: Lists<Int32Array>,
    /** rule, message (texts) per note. */
    private readonly lint: Lists<Int32Array>,
  ) {}

  static unpack(packed: FactsColumnsTakenIn): FactsColumns {
    return new FactsColumns(
      packed.texts,
      packed.ids,
      packed.owners,
      packed.created,
      packed.lastModified,
      packed.flags,
      packed.statuses,
      packed.names,
      Digests.unpack(packed.checkSums),
      Digests.unpack(packed.shapes),
      packed.links,
      packed.columnNames,
      packed.nests,
      packed.functions,
      packed.problems,
      packed.lint,
    );
  }

  pack(): PackedFactsColumns {
    return {
      texts: this.texts,
      ids: this.ids,
      owners: this.owners,
      created: this.created,
      lastModified: this.lastModified,
      flags: this.flags,
      statuses: this.statuses,
      // Decoded at once: only a merge of changes on the thread that took them in does so.
      names: this.names instanceof TextList ? [...this.names] : this.names,
      checkSums: this.checkSums.pack(),
      shapes: this.shapes.pack(),
      links: this.links,
      columnNames: this.columnNames,
      nests: this.nests,
      functions: this.functions,
      problems: this.problems,
      lint: this.lint,
    };
  }

  get count(): number {
    return this.ids.length;
  }

  idAt(position: number): number {
    return this.ids[position]!;
  }

  /** Where a field's facts are, by binary search over the ascending ids. */
  positionOf(id: number): number | undefined {
    let low = 0;
    let high = this.ids.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const found = this.ids[middle]!;
      if (found === id) return middle;
      if (found < id) low = middle + 1;
      else high = middle - 1;
    }
    return undefined;
  }

  // Reads of one fact for the findings' passes over every field, which make no
  // object per field (findings/compute-findings.ts).

  nameAt(position: number): string {
    return this.names.at(position)!;
  }

  /** The name of the field with this id; undefined when the columns have none. */
  nameOf(id: number): string | undefined {
    const position = this.positionOf(id);
    return position === undefined ? undefined : this.names.at(position);
  }

  ownerAt(position: number): number {
    return this.owners[position]!;
  }

  statusAt(position: number): string {
    return this.texts[this.statuses[position]!]!;
  }

  isLocked(position: number): boolean {
    return (this.flags[position]! & LOCKED) !== 0;
  }

  isArchived(position: number): boolean {
    return (this.flags[position]! & ARCHIVED) !== 0;
  }

  isVariable(position: number): boolean {
    return (this.flags[position]! & VARIABLE) !== 0;
  }

  /** A field's links are numbered `linksStart(position)` up to `linksEnd(position)`. */
  linksStart(position: number): number {
    return this.links.offsets[position]!;
  }

  linksEnd(position: number): number {
    return this.links.offsets[position + 1]!;
  }

  linkType(link: number): string {
    return this.texts[this.links.values[link * 5]!]!;
  }

  linkId(link: number): string {
    return this.texts[this.links.values[link * 5 + 1]!]!;
  }

  linkValid(link: number): string {
    return this.texts[this.links.values[link * 5 + 2]!]!;
  }

  linkActive(link: number): boolean {
    return this.links.values[link * 5 + 4] === 1;
  }

  /**
   * A link's type and id as numbers, equal for equal texts: a pair of them names
   * what it links to without a text made for it.
   */
  linkTypeNumber(link: number): number {
    return this.links.values[link * 5]!;
  }

  linkIdNumber(link: number): number {
    return this.links.values[link * 5 + 1]!;
  }

  /** Every text the columns share is numbered below this. */
  get textCount(): number {
    return this.texts.length;
  }

  /** Distinct names between backticks (columns), in order of first use. */
  columnNamesAt(position: number): string[] {
    return this.textsAt(this.columnNames, position);
  }

  /** A field's column names are numbered `columnNamesStart(position)` up to `columnNamesEnd(position)`. */
  columnNamesStart(position: number): number {
    return this.columnNames.offsets[position]!;
  }

  columnNamesEnd(position: number): number {
    return this.columnNames.offsets[position + 1]!;
  }

  columnName(name: number): string {
    return this.texts[this.columnNames.values[name]!]!;
  }

  hasNests(position: number): boolean {
    return this.nests.offsets[position] !== this.nests.offsets[position + 1];
  }

  /** The ids a field nests, in order of first use. */
  nestIdsAt(position: number): number[] {
    const { offsets, values } = this.nests;
    const ids: number[] = [];
    for (let at = offsets[position]! * 3; at < offsets[position + 1]! * 3; at += 3)
      ids.push(values[at]!);
    return ids;
  }

  hasLint(position: number): boolean {
    return this.lint.offsets[position] !== this.lint.offsets[position + 1];
  }

  factsAt(position: number): FieldFacts {
    return {
      ...this.briefAt(position),
      checkSum: this.checkSums.at(position),
      names: this.textsAt(this.columnNames, position),
      nests: this.nestsAt(position),
      problems: this.textsAt(this.problems, position),
      shape: this.shapes.at(position),
      lint: this.lintAt(position),
    };
  }

  /** What the scan's directory reads of a field: its owner and the places it lives on. */
  ownerAndLinksAt(position: number): Pick<FieldFacts, 'owner' | 'links'> {
    return { owner: this.owners[position]!, links: this.linksAt(position) };
  }

  /** What the index and the summary read of a field: its facts but what only the rules read. */
  briefAt(position: number): FieldBrief {
    const flags = this.flags[position]!;
    return {
      id: this.ids[position]!,
      name: this.names.at(position)!,
      owner: this.owners[position]!,
      locked: (flags & 1) !== 0,
      archived: (flags & 2) !== 0,
      hidden: (flags & 4) !== 0,
      variable: (flags & 8) !== 0,
      global: (flags & 16) !== 0,
      aggregated: (flags & 32) !== 0,
      status: this.texts[this.statuses[position]!]!,
      created: this.created[position]!,
      lastModified: this.lastModified[position]!,
      links: this.linksAt(position),
      functions: this.textsAt(this.functions, position),
    };
  }

  private textsAt(lists: Lists<Int32Array>, position: number): string[] {
    const found: string[] = [];
    for (let at = lists.offsets[position]!; at < lists.offsets[position + 1]!; at += 1)
      found.push(this.texts[lists.values[at]!]!);
    return found;
  }

  private linksAt(position: number): LinkFacts[] {
    const { offsets, values } = this.links;
    const links: LinkFacts[] = [];
    for (let at = offsets[position]! * 5; at < offsets[position + 1]! * 5; at += 5) {
      links.push({
        type: this.texts[values[at]!]!,
        id: this.texts[values[at + 1]!]!,
        visible: values[at + 3] === 1,
        active: values[at + 4] === 1,
        valid: this.texts[values[at + 2]!]!,
      });
    }
    return links;
  }

  private nestsAt(position: number): FieldReference[] {
    const { offsets, values } = this.nests;
    const nests: FieldReference[] = [];
    for (let at = offsets[position]! * 3; at < offsets[position + 1]! * 3; at += 3)
      nests.push({ id: values[at]!, start: values[at + 1]!, end: values[at + 2]! });
    return nests;
  }

  lintAt(position: number): LintNote[] {
    const { offsets, values } = this.lint;
    const notes: LintNote[] = [];
    for (let at = offsets[position]! * 2; at < offsets[position + 1]! * 2; at += 2)
      notes.push({ rule: this.texts[values[at]!]!, message: this.texts[values[at + 1]!]! });
    return notes;
  }
}

/** Facts added one field at a time, in any order; `finish` makes the columns, ids ascending. */
export class FactsColumnsBuilder {
  private readonly pool: TextPool;
  private readonly ids: number[] = [];
  private readonly owners: number[] = [];
  private readonly created: number[] = [];
  private readonly lastModified: number[] = [];
  private readonly flags: number[] = [];
  private readonly statuses: number[] = [];
  private readonly names: string[] = [];
  private readonly checkSums: string[] = [];
  private readonly shapes: string[] = [];
  private readonly links = new ListsBuilder(5);
  private readonly columnNames = new ListsBuilder(1);
  private readonly nests = new ListsBuilder(3);
  private readonly functions = new ListsBuilder(1);
  private readonly problems = new ListsBuilder(1);
  private readonly lint = new ListsBuilder(2);

  /** `texts`: the shared texts of other columns, which these then number alike. */
  constructor(texts: readonly string[] = []) {
    this.pool = new TextPool(texts);
  }

  add(field: FieldFacts): void {
    const text = (value: string) => this.pool.numberOf(value);
    this.ids.push(field.id);
    this.owners.push(field.owner);
    this.created.push(field.created);
    this.lastModified.push(field.lastModified);
    this.flags.push(FLAGS.reduce((bits, name, bit) => (field[name] ? bits | (1 << bit) : bits), 0));
    this.statuses.push(text(field.status));
    this.names.push(field.name);
    this.checkSums.push(field.checkSum);
    this.shapes.push(field.shape);
    this.links.add(
      field.links.flatMap((link) => [
        text(link.type),
        text(link.id),
        text(link.valid),
        Number(link.visible),
        Number(link.active),
      ]),
    );
    this.columnNames.add(field.names.map(text));
    this.nests.add(field.nests.flatMap(({ id, start, end }) => [id, start, end]));
    this.functions.add(field.functions.map(text));
    this.problems.add(field.problems.map(text));
    this.lint.add(field.lint.flatMap(({ rule, message }) => [text(rule), text(message)]));
  }

  finish(): FactsColumns {
    const { ids } = this;
    const order = ids.map((_, position) => position);
    order.sort((a, b) => ids[a]! - ids[b]!);
    const column = (values: readonly number[]) => Float64Array.from(order, (from) => values[from]!);
    const ints = (length: number) => new Int32Array(length);
    return new FactsColumns(
      this.pool.texts,
      column(ids),
      column(this.owners),
      column(this.created),
      column(this.lastModified),
      Uint8Array.from(order, (from) => this.flags[from]!),
      Int32Array.from(order, (from) => this.statuses[from]!),
      order.map((from) => this.names[from]!),
      Digests.of(order.map((from) => this.checkSums[from]!)),
      Digests.of(order.map((from) => this.shapes[from]!)),
      this.links.finish(order, ints),
      this.columnNames.finish(order, ints),
      this.nests.finish(order, (length) => new Float64Array(length)),
      this.functions.finish(order, ints),
      this.problems.finish(order, ints),
      this.lint.finish(order, ints),
    );
  }
}
