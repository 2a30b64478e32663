import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { crc32 } from 'node:zlib';
import type { FieldIndexParts } from './index/field-index';
import type { Steps } from './in-turns';
import { finished, finishedInTurns } from './in-turns';
import { TextList } from './text-list';

/**
 * The search index saved beside the store, so a start reads it back instead of
 * building it from SQLite (at 1,000,000 fields, seconds instead of tens of
 * seconds). docs/architecture.md, "Start-up".
 *
 * Its header says which store it was saved for (the id the store was given when
 * created, and the file's device and inode) and the store's count of changes it
 * holds (sqlite/index-changes.ts): the start replays the changes counted after it.
 * A CRC-32 of the rest guards against damage. Another store, a truncated or damaged
 * file, another format or another Node version, and the index is built from SQLite.
 */

/**
 * Bumped whenever FieldIndexParts or how it is packed changes shape or meaning (7:
 * `nested` is "nested by another"; 8: `copy`, what the sorts production lacks are
 * made from; 9: the copy's statuses by number).
 */
const FORMAT = 9;
/** The header is a JSON object padded to this many bytes, then the serialized parts. */
const HEADER_BYTES = 1024;

interface Header {
  format: number;
  v8: string;
  store: string;
  /** The store's count of changes the saved parts hold. */
  seq: number;
  /**
   * Of the serialized parts: against a file damaged or cut short, not against
   * someone who may write beside the store (they may write the store itself).
   * Twice as fast as SHA-256, which was a tenth of a restart at 1,000,000 fields.
   */
  crc32: number;
}

export interface SavedParts {
  parts: FieldIndexParts;
  seq: number;
}

/** Which store a saved index belongs to: its id, and the file's device and inode. */
export function storeIdentity(storeFile: string, storeId: string): string {
  const { dev, ino } = statSync(storeFile, { bigint: true });
  return [storeId, dev, ino].join(':');
}

/** The parts saved for this store, or undefined when the file is missing, another's or damaged. */
export function readSavedIndex(indexFile: string, store: string): SavedParts | undefined {
  try {
    const file = readFileSync(indexFile);
    const header = headerOf(file);
    const payload = file.subarray(HEADER_BYTES);
    if (!header || !headerMatches(header, store) || crc32(payload) !== header.crc32) {
      return undefined;
    }
    return { parts: unpacked(deserialize(payload) as PackedParts), seq: header.seq };
  } catch {
    return undefined;
  }
}

/** The header of a saved index whose serialized parts have this CRC-32. */
export function headerBytes(store: string, seq: number, payloadCrc32: number): Buffer {
  const header: Header = {
    format: FORMAT,
    v8: process.versions.v8,
    store,
    seq,
    crc32: payloadCrc32,
  };
  const bytes = Buffer.alloc(HEADER_BYTES, ' ');
  bytes.write(JSON.stringify(header));
  return bytes;
}

/**
 * Writes the index at once. A temporary file renamed into place, so a reader never
 * sees half of one, and a process killed while writing leaves the last one whole.
 */
export function saveIndex(indexFile: string, saved: SavedParts, store: string): void {
  const temporary = temporaryFileOf(indexFile);
  try {
    const payload = serialize(finished(packed(saved.parts)));
    writeFileSync(
      temporary,
      Buffer.concat([headerBytes(store, saved.seq, crc32(payload)), payload]),
    );
    renameSync(temporary, indexFile);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * The parts as saved, for serializing on another thread: the packed lists are new
 * arrays that can be moved there (`transfer`); the rest is copied when posted.
 * Packed in turns of about 10 ms, so requests are answered meanwhile.
 */
export async function packForSaving(parts: FieldIndexParts): Promise<{
  value: PackedParts;
  transfer: ArrayBuffer[];
}> {
  const value = await finishedInTurns(packed(parts));
  const { lists, names } = value;
  const moved = [
    ...Object.values(lists),
    names.postings,
    names.denseWords,
    names.occurrences.startsByRun,
  ];
  return {
    value,
    transfer: moved.flatMap(({ ends, data }) => [ends.buffer, data.buffer] as ArrayBuffer[]),
  };
}

let temporaries = 0;
/** A name of this process's own to write the index under before renaming it into place. */
export const temporaryFileOf = (indexFile: string) =>
  `${indexFile}.${process.pid}-${(temporaries += 1)}.tmp`;

/**
 * Maps of many small typed arrays (posting lists) packed into one array each:
 * Node's deserializer reads every typed array on its own, which made up most of
 * reading a saved index before (hundreds of thousands of lists at 1,000,000 fields).
 */
interface PackedLists<K, A> {
  keys: K[];
  /** List i is data[ends[i - 1] ?? 0 .. ends[i]]. */
  ends: Float64Array;
  data: A;
}

type IntLists<K> = PackedLists<K, Int32Array>;

/**
 * Texts that repeat across every field (statuses) as a number each into the few
 * distinct ones: a million strings took about as long to copy to another thread as
 * everything else in the index but the posting lists, and as many strings there.
 */
interface NumberedTexts {
  texts: string[];
  numbers: Int32Array;
}

export interface PackedParts extends Omit<FieldIndexParts, 'lists' | 'names' | 'copy'> {
  copy: Omit<FieldIndexParts['copy'], 'statuses'> & { statuses: NumberedTexts };
  lists: Record<keyof FieldIndexParts['lists'], IntLists<string | number>>;
  names: Omit<
    FieldIndexParts['names'],
    'distinctNames' | 'postings' | 'denseWords' | 'occurrences'
  > & {
    distinctNames: readonly string[];
    postings: IntLists<number>;
    denseWords: PackedLists<number, Uint32Array>;
    occurrences: { stride: number; startsByRun: PackedLists<string, Float64Array> };
  };
}

/** Packed parts as they are taken in: the distinct names may still be bytes (text-list.ts). */
export type PackedPartsTakenIn = Omit<PackedParts, 'names'> & {
  names: Omit<PackedParts['names'], 'distinctNames'> &
    Pick<FieldIndexParts['names'], 'distinctNames'>;
};

/** Packs the lists, pausing (a `yield`) now and then so a caller may let other work run. */
function* pack<K, A extends Int32Array | Uint32Array | Float64Array>(
  lists: ReadonlyMap<K, ArrayLike<number>>,
  make: (length: number) => A,
): Steps<PackedLists<K, A>> {
  const ends = new Float64Array(lists.size);
  let length = 0;
  let index = 0;
  for (const list of lists.values()) ends[index++] = length += list.length;
  const data = make(length);
  let offset = 0;
  let count = 0;
  for (const list of lists.values()) {
    data.set(list, offset);
    offset += list.length;
    if (++count % 256 === 0) yield;
  }
  return { keys: [...lists.keys()], ends, data };
}

/** Unpacks the lists, pausing now and then as `pack` does. */
function* unpack<K, A extends Int32Array | Uint32Array | Float64Array>({
  keys,
  ends,
  data,
}: PackedLists<K, A>): Steps<Map<K, A>> {
  const lists = new Map<K, A>();
  for (let i = 0; i < keys.length; i += 1) {
    lists.set(keys[i]!, data.subarray(i === 0 ? 0 : ends[i - 1], ends[i]) as A);
    if (i % 4096 === 4095) yield;
  }
  return lists;
}

const ints = (length: number) => new Int32Array(length);

function numbered(values: readonly string[]): NumberedTexts {
  const numberOf = new Map<string, number>();
  const numbers = new Int32Array(values.length);
  values.forEach((value, at) => {
    let number = numberOf.get(value);
    if (number === undefined) numberOf.set(value, (number = numberOf.size));
    numbers[at] = number;
  });
  return { texts: [...numberOf.keys()], numbers };
}

function* textsOf({ texts, numbers }: NumberedTexts): Steps<string[]> {
  const values: string[] = [];
  for (let at = 0; at < numbers.length; at += 1) {
    values.push(texts[numbers[at]!]!);
    if (at % 65_536 === 65_535) yield;
  }
  return values;
}

function* packed(parts: FieldIndexParts): Steps<PackedParts> {
  const { lists, names, copy } = parts;
  return {
    ...parts,
    copy: { ...copy, statuses: numbered(copy.statuses) },
    lists: {
      owner: yield* pack(lists.owner, ints),
      status: yield* pack(lists.status, ints),
      function: yield* pack(lists.function, ints),
      dataset: yield* pack(lists.dataset, ints),
      card: yield* pack(lists.card, ints),
    },
    names: {
      ...names,
      // Bytes only where parts were taken in from the audit's thread, which saves none.
      distinctNames:
        names.distinctNames instanceof TextList ? [...names.distinctNames] : names.distinctNames,
      postings: yield* pack(names.postings, ints),
      denseWords: yield* pack(names.denseWords, (length) => new Uint32Array(length)),
      occurrences: {
        stride: names.occurrences.stride,
        startsByRun: yield* pack(
          names.occurrences.startsByRun,
          (length) => new Float64Array(length),
        ),
      },
    },
  };
}

/** The parts packed at once, to post to another thread: each map of lists is one array, which moves. */
export function packedAtOnce(parts: FieldIndexParts): PackedParts {
  return finished(packed(parts));
}

/** Parts packed by `packedAtOnce` or saved, as the index takes them. */
export function unpacked(parts: PackedParts): FieldIndexParts {
  return finished(unpacking(parts));
}

/**
 * `unpacked` in steps (in-turns.ts), to let requests be answered meanwhile: at
 * 1,000,000 fields making a list of each of hundreds of thousands held the thread for
 * a few hundred ms.
 */
export function* unpacking(parts: PackedPartsTakenIn): Steps<FieldIndexParts> {
  const { lists, names, copy } = parts;
  return {
    ...parts,
    copy: { ...copy, statuses: yield* textsOf(copy.statuses) },
    lists: {
      owner: yield* unpack(lists.owner),
      status: yield* unpack(lists.status),
      function: yield* unpack(lists.function),
      dataset: yield* unpack(lists.dataset),
      card: yield* unpack(lists.card),
    },
    names: {
      ...names,
      postings: yield* unpack(names.postings),
      denseWords: yield* unpack(names.denseWords),
      occurrences: {
        stride: names.occurrences.stride,
        startsByRun: yield* unpack(names.occurrences.startsByRun),
      },
    },
  };
}

function headerOf(file: Buffer): Header | undefined {
  if (file.length < HEADER_BYTES) return undefined;
  try {
    return JSON.parse(file.subarray(0, HEADER_BYTES).toString('utf8')) as Header;
  } catch {
    return undefined;
  }
}

function headerMatches(header: Header, store: string): boolean {
  return (
    header.format === FORMAT &&
    header.v8 === process.versions.v8 &&
    header.store === store &&
    Number.isSafeInteger(header.seq) &&
    typeof header.crc32 === 'number'
  );
}
