import { isInAscending, positionInAscending } from '../../../analysis/id-lists';
import type { PackedTextList } from '../../store/text-list';
import { TextList } from '../../store/text-list';

/** Texts by field id as plain data: typed arrays, which another thread takes as they are. */
export interface PackedTexts extends PackedTextList {
  /** The fields that have a text, ascending; the text of `ids[i]` is text `i`. */
  ids: Float64Array;
}

/**
 * A value per field id kept as text, packed to cross to the thread that answers
 * requests in one message, its arrays moved rather than copied: a finding's notes,
 * and what each field's broken links miss (as JSON). At 1,000,000 fields each holds
 * tens of thousands of fields, which crossed as a Map a few hundred entries a
 * message. Read as a map in ascending id order, each value made from its text when read.
 */
export class TextsByField<Value = string> implements ReadonlyMap<number, Value> {
  private readonly texts: TextList;

  private constructor(
    private readonly packed: PackedTexts,
    private readonly read: (text: string) => Value,
  ) {
    this.texts = TextList.unpack(packed);
  }

  /** A text that is not well-formed UTF-16 (a lone surrogate) is kept with U+FFFD in its place. */
  static of(texts: ReadonlyMap<number, string>): TextsByField {
    const ids = Float64Array.from(texts.keys()).sort();
    const inOrder = Array.from(ids, (id) => texts.get(id)!.toWellFormed());
    return new TextsByField({ ids, ...TextList.of(inOrder)!.pack() }, String);
  }

  /** Values kept as their JSON, read back with JSON.parse. */
  static ofJson<Value>(values: ReadonlyMap<number, Value>): TextsByField<Value> {
    const texts = new Map([...values].map(([id, value]) => [id, JSON.stringify(value)]));
    return TextsByField.unpackJson(TextsByField.of(texts).packed);
  }

  /** Texts taken in from another thread (`pack`). */
  static unpack(packed: PackedTexts): TextsByField {
    return new TextsByField(packed, String);
  }

  /** Values kept as JSON (`ofJson`), taken in from another thread. */
  static unpackJson<Value>(packed: PackedTexts): TextsByField<Value> {
    return new TextsByField(packed, (text) => JSON.parse(text) as Value);
  }

  /** The arrays themselves, to send: moved to another thread, they are left empty here. */
  pack(): PackedTexts {
    return this.packed;
  }

  get size(): number {
    return this.packed.ids.length;
  }

  has(id: number): boolean {
    return isInAscending(this.packed.ids, id);
  }

  get(id: number): Value | undefined {
    const position = positionInAscending(this.packed.ids, id);
    return position === undefined ? undefined : this.valueAt(position);
  }

  *entries(): MapIterator<[number, Value]> {
    for (let position = 0; position < this.size; position += 1) {
      yield [this.packed.ids[position]!, this.valueAt(position)];
    }
  }

  *keys(): MapIterator<number> {
    yield* this.packed.ids;
  }

  *values(): MapIterator<Value> {
    for (let position = 0; position < this.size; position += 1) yield this.valueAt(position);
  }

  [Symbol.iterator](): MapIterator<[number, Value]> {
    return this.entries();
  }

  forEach(callback: (value: Value, id: number, map: ReadonlyMap<number, Value>) => void): void {
    for (const [id, value] of this.entries()) callback(value, id, this);
  }

  private valueAt(position: number): Value {
    return this.read(this.texts.at(position)!);
  }
}
