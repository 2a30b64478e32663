/** Texts as plain data: typed arrays, which another thread takes as they are (moved, not copied). */
export interface PackedTextList {
  /** Text `i` is `text[ends[i - 1] ?? 0 .. ends[i]]`, in UTF-8. */
  ends: Uint32Array;
  text: Uint8Array;
}

const encoder = new TextEncoder();

/** Texts by position, as strings or as a TextList: read each with `at`, find one with `indexOf`. */
export type Texts = readonly string[] | TextList;

/** Texts as they cross to another thread: packed (`textsToSend`), or as they are. */
export type SentTexts = readonly string[] | PackedTextList;

/**
 * Texts as UTF-8 bytes, which cross as one array that moves and make no string until
 * one is read: at 1,000,000 fields two million names made where they arrive cost the
 * collector pauses of up to 100 ms. Texts UTF-8 cannot carry cross as they are.
 */
export function textsToSend(texts: Texts): SentTexts {
  if (texts instanceof TextList) return texts.pack();
  return TextList.of(texts)?.pack() ?? texts;
}

/** Texts `textsToSend` sent, as they arrive. */
export function textsTakenIn(sent: SentTexts): Texts {
  return 'ends' in sent ? TextList.unpack(sent) : sent;
}

/**
 * A list of texts kept as UTF-8 bytes one after another, each made a string only when
 * read. A million names taken in as strings made a million objects on the thread that
 * answers requests, and the collector's pauses copying them held it for up to 100 ms.
 */
export class TextList implements Iterable<string> {
  private readonly bytes: Buffer;

  private constructor(private readonly packed: PackedTextList) {
    const { text } = packed;
    this.bytes = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  }

  /**
   * `texts` packed; undefined when one is not well-formed UTF-16 (a lone surrogate),
   * which UTF-8 cannot carry as it is.
   */
  static of(texts: readonly string[]): TextList | undefined {
    const ends = new Uint32Array(texts.length);
    let end = 0;
    for (let at = 0; at < texts.length; at += 1) {
      const text = texts[at]!;
      if (!text.isWellFormed()) return undefined;
      ends[at] = end += Buffer.byteLength(text);
    }
    // An array of its own, which moves when posted: a small Buffer shares Node's pool.
    return new TextList({ ends, text: encoder.encode(texts.join('')) });
  }

  /** Texts taken in from another thread (`pack`). */
  static unpack(packed: PackedTextList): TextList {
    return new TextList(packed);
  }

  /** The arrays themselves, to send: moved to another thread, they are left empty here. */
  pack(): PackedTextList {
    return this.packed;
  }

  get length(): number {
    return this.packed.ends.length;
  }

  at(index: number): string | undefined {
    const { ends } = this.packed;
    if (!(index >= 0 && index < ends.length)) return undefined;
    return this.bytes.toString('utf8', index === 0 ? 0 : ends[index - 1], ends[index]);
  }

  /**
   * The position of `text`, or -1: the bytes compared where the lengths match, making no
   * string of those it passes.
   */
  indexOf(text: string): number {
    if (!text.isWellFormed()) return -1;
    const wanted = encoder.encode(text);
    const { ends, text: bytes } = this.packed;
    for (let at = 0, start = 0; at < ends.length; start = ends[at]!, at += 1) {
      if (ends[at]! - start !== wanted.length) continue;
      let same = 0;
      while (same < wanted.length && bytes[start + same] === wanted[same]) same += 1;
      if (same === wanted.length) return at;
    }
    return -1;
  }

  *[Symbol.iterator](): Iterator<string> {
    for (let at = 0; at < this.length; at += 1) yield this.at(at)!;
  }
}
