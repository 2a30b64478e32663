import type { FieldReference } from '../../../analysis/field-references';
import type { FieldBrief, FieldFacts, LinkFacts, LintNote } from './field-facts';

/** The facts' yes-or-no properties, one bit each, in this order (factsAt reads them so). */
const FLAGS = ['locked', 'archived', 'hidden', 'variable', 'global', 'aggregated'] as const;

/**
 * Texts many fields share (statuses, link types and ids, column and function
 * names, lint rules and messages), each kept once and named by its number.
 */
class TextPool {
  private readonly numbers = new Map<string, number>();
  readonly texts: string[] = [];

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

const DIGEST_BYTES = 20;
const HEX_DIGEST = /^[0-9a-f]{40}$/;

/**
 * SHA-1 digests in hex (check sums, expression shapes) as 20 bytes each instead of
 * a 40-character string; any other text (an empty shape, a check sum of another
 * form) is kept as it is.
 */
class Digests {
  private constructor(
    private readonly bytes: Buffer,
    private readonly others: ReadonlyMap<number, string>,
  ) {}

  static of(texts: readonly string[]): Digests {
    const bytes = Buffer.alloc(texts.length * DIGEST_BYTES);
    const others = new Map<number, string>();
    texts.forEach((text, position) => {
      if (HEX_DIGEST.test(text)) bytes.write(text, position * DIGEST_BYTES, 'hex');
      else others.set(position, text);
    });
    return new Digests(bytes, others);
  }

  /** A Buffer crosses to another thread as a plain Uint8Array: `unpack` makes it a Buffer again. */
  static unpack(packed: PackedDigests): Digests {
    const { bytes, others } = packed;
    return new Digests(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      new Map(others),
    );
  }

  pack(): PackedDigests {
    return { bytes: this.bytes, others: [...this.others] };
  }

  at(position: number): string {
    const start = position * DIGEST_BYTES;
    return this.others.get(position) ?? this.bytes.toString('hex', start, start + DIGEST_BYTES);
  }
}

interface PackedDigests {
  bytes: Uint8Array;
  /** Position -> a text that is not a SHA-1 in hex. */
  others: Array<[number, string]>;
}

/** A list per field, flat: field i's entries are `values[offsets[i] * width ...offsets[i + 1] * width]`. */
interface Lists<Values extends Int32Array | Float64Array> {
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
    private readonly names: readonly string[],
    private readonly checkSums: Digests,
    private readonly shapes: Digests,
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

  static unpack(packed: PackedFactsColumns): FactsColumns {
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
      names: this.names,
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

  factsAt(position: number): FieldFacts {
    const { texts } = this;
    const flags = this.flags[position]!;
    return {
      id: this.ids[position]!,
      name: this.names[position]!,
      owner: this.owners[position]!,
      locked: (flags & 1) !== 0,
      archived: (flags & 2) !== 0,
      hidden: (flags & 4) !== 0,
      variable: (flags & 8) !== 0,
      global: (flags & 16) !== 0,
      aggregated: (flags & 32) !== 0,
      status: texts[this.statuses[position]!]!,
      checkSum: this.checkSums.at(position),
      created: this.created[position]!,
      lastModified: this.lastModified[position]!,
      links: this.linksAt(position),
      names: this.textsAt(this.columnNames, position),
      nests: this.nestsAt(position),
      functions: this.textsAt(this.functions, position),
      problems: this.textsAt(this.problems, position),
      shape: this.shapes.at(position),
      lint: this.lintAt(position),
    };
  }

  /** factsAt's brief: the same values but those FieldBrief leaves out. */
  briefAt(position: number): FieldBrief {
    const flags = this.flags[position]!;
    return {
      id: this.ids[position]!,
      name: this.names[position]!,
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

  private lintAt(position: number): LintNote[] {
    const { offsets, values } = this.lint;
    const notes: LintNote[] = [];
    for (let at = offsets[position]! * 2; at < offsets[position + 1]! * 2; at += 2)
      notes.push({ rule: this.texts[values[at]!]!, message: this.texts[values[at + 1]!]! });
    return notes;
  }
}

/** Facts added one field at a time, in any order; `finish` makes the columns, ids ascending. */
export class FactsColumnsBuilder {
  private readonly pool = new TextPool();
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
