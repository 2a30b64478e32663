import { positionInAscending } from '../../../analysis/id-lists';

/** A finding's notes as plain data: typed arrays, which another thread takes as they are. */
export interface PackedFieldNotes {
  /** The fields that have a note, ascending. */
  ids: Float64Array;
  /** The note of `ids[i]` is `text[ends[i - 1] ?? 0 .. ends[i]]`, in UTF-8. */
  ends: Uint32Array;
  text: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * A finding's note per field (Finding.notes), packed to cross to the thread that
 * answers requests in one message, its arrays moved rather than copied: at
 * 1,000,000 fields a finding has notes for tens of thousands of fields, which
 * crossed as a Map a few hundred entries a message. Read as a map in ascending id order.
 */
export class FieldNotes implements ReadonlyMap<number, string> {
  private constructor(private readonly packed: PackedFieldNotes) {}

  static of(notes: ReadonlyMap<number, string>): FieldNotes {
    const ids = Float64Array.from(notes.keys()).sort();
    const texts = Array.from(ids, (id) => notes.get(id)!);
    const ends = new Uint32Array(ids.length);
    let end = 0;
    texts.forEach((text, position) => (ends[position] = end += Buffer.byteLength(text)));
    return new FieldNotes({ ids, ends, text: encoder.encode(texts.join('')) });
  }

  /** Notes taken in from another thread (`pack`). */
  static unpack(packed: PackedFieldNotes): FieldNotes {
    return new FieldNotes(packed);
  }

  /** The arrays themselves, to send: moved to another thread, they are left empty here. */
  pack(): PackedFieldNotes {
    return this.packed;
  }

  get size(): number {
    return this.packed.ids.length;
  }

  has(id: number): boolean {
    return this.positionOf(id) !== undefined;
  }

  get(id: number): string | undefined {
    const position = this.positionOf(id);
    return position === undefined ? undefined : this.noteAt(position);
  }

  *entries(): MapIterator<[number, string]> {
    for (let position = 0; position < this.size; position += 1) {
      yield [this.packed.ids[position]!, this.noteAt(position)];
    }
  }

  *keys(): MapIterator<number> {
    yield* this.packed.ids;
  }

  *values(): MapIterator<string> {
    for (let position = 0; position < this.size; position += 1) yield this.noteAt(position);
  }

  [Symbol.iterator](): MapIterator<[number, string]> {
    return this.entries();
  }

  forEach(callback: (note: string, id: number, notes: ReadonlyMap<number, string>) => void): void {
    for (const [id, note] of this.entries()) callback(note, id, this);
  }

  private noteAt(position: number): string {
    const { ends, text } = this.packed;
    return decoder.decode(text.subarray(position === 0 ? 0 : ends[position - 1], ends[position]));
  }

  private positionOf(id: number): number | undefined {
    return positionInAscending(this.packed.ids, id);
  }
}
