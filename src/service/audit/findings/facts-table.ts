import type { FieldBrief, FieldFacts } from './field-facts';
import type { FactsColumnsTakenIn, PackedFactsColumns } from './facts-columns';
import { FactsColumns, FactsColumnsBuilder } from './facts-columns';
import { mergeFactsColumns } from './merge-facts-columns';

/**
 * Changes a table carries over the columns it shares with the table it came from;
 * past this many (and a sixteenth of the fields) it writes columns of its own.
 */
const KEPT_CHANGES = 4096;

/** A table as plain data, to send to another thread (`FactsTable.unpack` makes it again). */
export interface PackedFactsTable {
  columns: PackedFactsColumns;
  changed: Array<[number, FieldFacts | undefined]>;
}

/**
 * The facts of a snapshot's fields by id, ascending, kept as columns (facts-columns.ts)
 * rather than an object per field: at 100,000 fields the objects took about 90 MB,
 * the columns a fraction of it. Each read makes a fresh FieldFacts, so callers read
 * it as they would a Map of facts and keep only what they need.
 *
 * A table never changes: `with` makes the next one, which shares these columns and
 * carries the changed fields beside them.
 */
export class FactsTable implements ReadonlyMap<number, FieldFacts> {
  readonly size: number;
  /** Every field id `changed` holds, ascending. */
  private readonly changedIds: number[];
  /** Every field in ascending id order (made once, when a table carrying changes is read in order). */
  private order?: FieldOrder;

  private constructor(
    private readonly columns: FactsColumns,
    /** Field id -> its facts now; undefined: the field is gone. */
    private readonly changed: ReadonlyMap<number, FieldFacts | undefined> = new Map(),
  ) {
    let size = columns.count;
    for (const [id, facts] of changed) {
      const inColumns = columns.positionOf(id) !== undefined;
      if (inColumns && !facts) size -= 1;
      if (!inColumns && facts) size += 1;
    }
    this.changedIds = [...changed.keys()].sort((a, b) => a - b);
    this.size = size;
  }

  /** The facts given, in any order. */
  static of(facts: Iterable<FieldFacts>): FactsTable {
    const builder = new FactsColumnsBuilder();
    for (const field of facts) builder.add(field);
    return new FactsTable(builder.finish());
  }

  /** Adds facts one at a time (as they are read), then makes the table. */
  static builder(): { add(field: FieldFacts): void; finish(): FactsTable } {
    const builder = new FactsColumnsBuilder();
    return {
      add: (field) => builder.add(field),
      finish: () => new FactsTable(builder.finish()),
    };
  }

  /** The table `pack` made, on the thread it was sent to. */
  static unpack(
    packed: Omit<PackedFactsTable, 'columns'> & { columns: FactsColumnsTakenIn },
  ): FactsTable {
    return new FactsTable(FactsColumns.unpack(packed.columns), new Map(packed.changed));
  }

  /**
   * The table as plain data, for a message to another thread: a class instance
   * arrives there as a plain object without its methods.
   */
  pack(): PackedFactsTable {
    return { columns: this.columns.pack(), changed: [...this.changed] };
  }

  /** This table with these fields changed (their facts after) or gone (undefined). */
  with(changes: Iterable<readonly [number, FieldFacts | undefined]>): FactsTable {
    const changed = new Map(this.changed);
    for (const [id, facts] of changes) changed.set(id, facts);
    const next = new FactsTable(this.columns, changed);
    return changed.size > KEPT_CHANGES + this.columns.count / 16
      ? FactsTable.of(next.values())
      : next;
  }

  /**
   * The facts of every field as one set of columns, in ascending id order: the
   * table's own when it carries no change, otherwise made anew with the changed
   * fields merged in (numbers copied, no facts object per field).
   */
  asColumns(): FactsColumns {
    if (this.changed.size === 0) return this.columns;
    const own = this.columns.pack();
    const { sources, changedFacts } = this.inOrder();
    const builder = new FactsColumnsBuilder(own.texts);
    for (const facts of changedFacts) builder.add(facts);
    return FactsColumns.unpack(mergeFactsColumns(own, builder.finish().pack(), sources));
  }

  /** This table with its changes written into columns of its own: itself when it carries none. */
  merged(): FactsTable {
    return this.changed.size === 0 ? this : new FactsTable(this.asColumns());
  }

  get(id: number): FieldFacts | undefined {
    if (this.changed.has(id)) return this.changed.get(id);
    const position = this.columns.positionOf(id);
    return position === undefined ? undefined : this.columns.factsAt(position);
  }

  has(id: number): boolean {
    if (this.changed.has(id)) return this.changed.get(id) !== undefined;
    return this.columns.positionOf(id) !== undefined;
  }

  *entries(): MapIterator<[number, FieldFacts]> {
    for (const field of this.values()) yield [field.id, field];
  }

  *keys(): MapIterator<number> {
    if (this.changed.size === 0) {
      for (let position = 0; position < this.columns.count; position += 1)
        yield this.columns.idAt(position);
      return;
    }
    const { sources, changedFacts } = this.inOrder();
    for (const source of sources)
      yield source >= 0 ? this.columns.idAt(source) : changedFacts[~source]!.id;
  }

  values(): MapIterator<FieldFacts> {
    return this.eachInOrder((columns, position) => columns.factsAt(position));
  }

  /**
   * Every field's owner and links, ascending by id: what the scan's directory reads.
   * Not `values()`: a whole field's facts for each of a million fields took seconds.
   */
  ownersAndLinks(): MapIterator<Pick<FieldFacts, 'owner' | 'links'>> {
    return this.eachInOrder((columns, position) => columns.ownerAndLinksAt(position));
  }

  /** Every field's brief (field-facts.ts), ascending by id: what the index and summary read. */
  briefs(): MapIterator<FieldBrief> {
    return this.eachInOrder((columns, position) => columns.briefAt(position));
  }

  /** Every field ascending by id, read from the columns by `at` unless changed. */
  private *eachInOrder<T>(
    at: (columns: FactsColumns, position: number) => T,
  ): MapIterator<T | FieldFacts> {
    const { columns } = this;
    if (this.changed.size === 0) {
      for (let position = 0; position < columns.count; position += 1) yield at(columns, position);
      return;
    }
    const { sources, changedFacts } = this.inOrder();
    for (const source of sources) yield source >= 0 ? at(columns, source) : changedFacts[~source]!;
  }

  [Symbol.iterator](): MapIterator<[number, FieldFacts]> {
    return this.entries();
  }

  forEach(
    callback: (value: FieldFacts, key: number, map: ReadonlyMap<number, FieldFacts>) => void,
  ): void {
    for (const field of this.values()) callback(field, field.id, this);
  }

  /**
   * Every field in ascending id order, walking the columns and the changed ids
   * together: one comparison a field, not a lookup of each field among the changes (a
   * table taken from the last scan carries thousands).
   */
  private inOrder(): FieldOrder {
    if (this.order) return this.order;
    const { columns, changed, changedIds } = this;
    const sources = new Int32Array(this.size);
    const changedFacts: FieldFacts[] = [];
    let at = 0;
    let next = 0;
    const takeChanged = (id: number) => {
      const facts = changed.get(id);
      if (!facts) return;
      sources[at++] = ~changedFacts.length;
      changedFacts.push(facts);
    };
    for (let position = 0; position < columns.count; position += 1) {
      const id = columns.idAt(position);
      while (next < changedIds.length && changedIds[next]! < id) takeChanged(changedIds[next++]!);
      if (changedIds[next] === id) takeChanged(changedIds[next++]!);
      else sources[at++] = position;
    }
    while (next < changedIds.length) takeChanged(changedIds[next++]!);
    return (this.order = { sources, changedFacts });
  }
}

/**
 * The fields of a table carrying changes in ascending id order: `sources[i] >= 0` is
 * that position of its columns, `~sources[i]` the place in `changedFacts` of a changed
 * field's facts.
 */
interface FieldOrder {
  sources: Int32Array;
  changedFacts: FieldFacts[];
}
