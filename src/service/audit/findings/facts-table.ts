import type { FieldBrief, FieldFacts } from './field-facts';
import type { PackedFactsColumns } from './facts-columns';
import { FactsColumns, FactsColumnsBuilder } from './facts-columns';

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
  /** Field ids the columns do not have, which `changed` adds, ascending. */
  private readonly added: number[];
  /** Every field id `changed` holds, ascending. */
  private readonly changedIds: number[];

  private constructor(
    private readonly columns: FactsColumns,
    /** Field id -> its facts now; undefined: the field is gone. */
    private readonly changed: ReadonlyMap<number, FieldFacts | undefined> = new Map(),
  ) {
    this.added = [];
    let size = columns.count;
    for (const [id, facts] of changed) {
      const inColumns = columns.positionOf(id) !== undefined;
      if (inColumns && !facts) size -= 1;
      if (!inColumns && facts) {
        size += 1;
        this.added.push(id);
      }
    }
    this.added.sort((a, b) => a - b);
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
  static unpack(packed: PackedFactsTable): FactsTable {
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
    for (const [id] of this.ids()) yield id;
  }

  values(): MapIterator<FieldFacts> {
    return this.inOrder((columns, position) => columns.factsAt(position));
  }

  /** Every field's brief (field-facts.ts), ascending by id: what the index and summary read. */
  briefs(): MapIterator<FieldBrief> {
    return this.inOrder((columns, position) => columns.briefAt(position));
  }

  /** Every field ascending by id, read from the columns by `at` unless changed. */
  private *inOrder<T>(
    at: (columns: FactsColumns, position: number) => T,
  ): MapIterator<T | FieldFacts> {
    const { columns, changed } = this;
    if (changed.size === 0) {
      for (let position = 0; position < columns.count; position += 1) yield at(columns, position);
      return;
    }
    // One comparison a field with the changed ids in order, not a lookup of each
    // field among them: a table taken from the last scan carries thousands.
    const changedIds = this.changedIds;
    let next = 0;
    for (let position = 0; position < columns.count; position += 1) {
      const id = columns.idAt(position);
      while (next < changedIds.length && changedIds[next]! < id) {
        const field = changed.get(changedIds[next++]!);
        if (field) yield field;
      }
      if (changedIds[next] !== id) {
        yield at(columns, position);
        continue;
      }
      const field = changed.get(changedIds[next++]!);
      if (field) yield field;
    }
    for (; next < changedIds.length; next += 1) {
      const field = changed.get(changedIds[next]!);
      if (field) yield field;
    }
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
   * Every field id, ascending, with its position in the columns when the columns
   * hold its facts now (undefined: `changed` holds them).
   */
  private *ids(): Generator<[number, number | undefined]> {
    const { columns, changed, added } = this;
    let next = 0;
    for (let position = 0; position < columns.count; position += 1) {
      const id = columns.idAt(position);
      while (next < added.length && added[next]! < id) yield [added[next++]!, undefined];
      if (!changed.has(id)) yield [id, position];
      else if (changed.get(id)) yield [id, undefined];
    }
    while (next < added.length) yield [added[next++]!, undefined];
  }
}
