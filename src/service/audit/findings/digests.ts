/** Bytes a SHA-1 takes. */
export const DIGEST_BYTES = 20;
const HEX_DIGEST = /^[0-9a-f]{40}$/;

/**
 * SHA-1 digests in hex (check sums, expression shapes) as 20 bytes each instead of
 * a 40-character string; any other text (an empty shape, a check sum of another
 * form) is kept as it is.
 */
export class Digests {
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

  /** True for an empty text (an expression with no tokens has no shape). */
  isEmptyAt(position: number): boolean {
    return this.others.get(position) === '';
  }

  /**
   * A whole number under 2^32, equal for equal digests, without making the text: a
   * SHA-1's first four bytes are as good a hash as any.
   */
  hashAt(position: number): number {
    const other = this.others.get(position);
    return other === undefined
      ? this.bytes.readUInt32LE(position * DIGEST_BYTES)
      : hashOfText(other);
  }

  /** Whether the digests at two positions are the same text. */
  same(first: number, second: number): boolean {
    const { others, bytes } = this;
    if (others.has(first) || others.has(second)) return this.at(first) === this.at(second);
    // Byte by byte: Buffer.compare with offsets cost more than this, a call each.
    for (let byte = 0; byte < DIGEST_BYTES; byte += 1)
      if (bytes[first * DIGEST_BYTES + byte] !== bytes[second * DIGEST_BYTES + byte]) return false;
    return true;
  }
}

/** FNV-1a over a text's UTF-16 units, a whole number under 2^32. */
function hashOfText(text: string): number {
  let hash = 2166136261;
  for (let at = 0; at < text.length; at += 1)
    hash = Math.imul(hash ^ text.charCodeAt(at), 16777619);
  return hash >>> 0;
}

export interface PackedDigests {
  bytes: Uint8Array;
  /** Position -> a text that is not a SHA-1 in hex. */
  others: Array<[number, string]>;
}
