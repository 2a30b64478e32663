import {
  closeSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { crc32 } from 'node:zlib';
import type { FieldIndexParts } from './index/field-index';

/**
 * The search index saved beside the store when the service closes, so the next
 * start reads it back instead of building it from SQLite (at 1,000,000 fields,
 * seconds instead of tens of seconds). docs/architecture.md, "Start-up".
 *
 * A saved index is used only for the very store file it was saved with, as it was
 * then: its header holds the file's identity and state after it was closed (device,
 * inode, size, modification and change times; the change time moves on any write
 * and cannot be set back), and a CRC-32 of the rest. Any write since, by anyone,
 * or a copy, another store at the same path, a truncated or damaged file, another
 * format or another Node version, and the index is built from SQLite as before.
 */

/** Bumped whenever FieldIndexParts changes shape or meaning (7: `nested` is "nested by another"). */
const FORMAT = 7;
/** The header is a JSON object padded to this many bytes, then the serialized parts. */
const HEADER_BYTES = 1024;

interface Header {
  format: number;
  v8: string;
  store: string;
  /**
   * Of the serialized parts: against a file damaged or cut short, not against
   * someone who may write beside the store (they may write the store itself).
   * Twice as fast as SHA-256, which was a tenth of a restart at 1,000,000 fields.
   */
  crc32: number;
}

/**
 * The store file's identity and state, or undefined while changes wait in its
 * write-ahead log (the file alone does not say what the store holds).
 */
export function storeStamp(storeFile: string): string | undefined {
  try {
    if (statSync(`${storeFile}-wal`).size > 0) return undefined;
  } catch {
    // No log: every change is in the file.
  }
  const { dev, ino, size, mtimeNs, ctimeNs } = statSync(storeFile, { bigint: true });
  return [dev, ino, size, mtimeNs, ctimeNs].join(':');
}

/** Whether the index file was saved for this stamp, by this format and Node (its header alone). */
export function savedIndexMatches(indexFile: string, stamp: string): boolean {
  let descriptor: number | undefined;
  try {
    descriptor = openSync(indexFile, 'r');
    const bytes = Buffer.alloc(HEADER_BYTES);
    const read = readSync(descriptor, bytes, 0, HEADER_BYTES, 0);
    return headerMatches(headerOf(bytes.subarray(0, read)), stamp);
  } catch {
    return false;
  } finally {
    if (descriptor !== undefined) closeSync(descriptor);
  }
}

/** The parts saved for this stamp, or undefined when the file is missing, stale or damaged. */
export function readSavedIndex(indexFile: string, stamp: string): FieldIndexParts | undefined {
  try {
    const file = readFileSync(indexFile);
    const header = headerOf(file);
    const payload = file.subarray(HEADER_BYTES);
    if (!headerMatches(header, stamp) || crc32(payload) !== header?.crc32) return undefined;
    return unpacked(deserialize(payload) as PackedParts);
  } catch {
    return undefined;
  }
}

/**
 * Writes the parts with the stamp of the closed store. A temporary file renamed
 * into place, so a reader never sees half of one.
 */
export function saveIndex(indexFile: string, parts: FieldIndexParts, stamp: string): void {
  const payload = serialize(packed(parts));
  const header: Header = {
    format: FORMAT,
    v8: process.versions.v8,
    store: stamp,
    crc32: crc32(payload),
  };
  const headerBytes = Buffer.alloc(HEADER_BYTES, ' ');
  headerBytes.write(JSON.stringify(header));
  const temporary = `${indexFile}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, Buffer.concat([headerBytes, payload]));
    renameSync(temporary, indexFile);
  } finally {
    rmSync(temporary, { force: true });
  }
}

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

interface PackedParts extends Omit<FieldIndexParts, 'lists' | 'names'> {
  lists: Record<keyof FieldIndexParts['lists'], IntLists<string | number>>;
  names: Omit<FieldIndexParts['names'], 'postings' | 'denseWords' | 'occurrences'> & {
    postings: IntLists<number>;
    denseWords: PackedLists<number, Uint32Array>;
    occurrences: { stride: number; startsByRun: PackedLists<string, Float64Array> };
  };
}

function pack<K, A extends Int32Array | Uint32Array | Float64Array>(
  lists: ReadonlyMap<K, ArrayLike<number>>,
  make: (length: number) => A,
): PackedLists<K, A> {
  const ends = new Float64Array(lists.size);
  let length = 0;
  let index = 0;
  for (const list of lists.values()) ends[index++] = length += list.length;
  const data = make(length);
  let offset = 0;
  for (const list of lists.values()) {
    data.set(list, offset);
    offset += list.length;
  }
  return { keys: [...lists.keys()], ends, data };
}

function unpack<K, A extends Int32Array | Uint32Array | Float64Array>({
  keys,
  ends,
  data,
}: PackedLists<K, A>): Map<K, A> {
  return new Map(
    keys.map((key, i) => [key, data.subarray(i === 0 ? 0 : ends[i - 1], ends[i]) as A]),
  );
}

const ints = (length: number) => new Int32Array(length);

function packed(parts: FieldIndexParts): PackedParts {
  const { lists, names } = parts;
  return {
    ...parts,
    lists: {
      owner: pack(lists.owner, ints),
      status: pack(lists.status, ints),
      function: pack(lists.function, ints),
      dataset: pack(lists.dataset, ints),
      card: pack(lists.card, ints),
    },
    names: {
      ...names,
      postings: pack(names.postings, ints),
      denseWords: pack(names.denseWords, (length) => new Uint32Array(length)),
      occurrences: {
        stride: names.occurrences.stride,
        startsByRun: pack(names.occurrences.startsByRun, (length) => new Float64Array(length)),
      },
    },
  };
}

function unpacked(parts: PackedParts): FieldIndexParts {
  const { lists, names } = parts;
  return {
    ...parts,
    lists: {
      owner: unpack(lists.owner),
      status: unpack(lists.status),
      function: unpack(lists.function),
      dataset: unpack(lists.dataset),
      card: unpack(lists.card),
    },
    names: {
      ...names,
      postings: unpack(names.postings),
      denseWords: unpack(names.denseWords),
      occurrences: {
        stride: names.occurrences.stride,
        startsByRun: unpack(names.occurrences.startsByRun),
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

function headerMatches(header: Header | undefined, stamp: string): boolean {
  return (
    header?.format === FORMAT &&
    header.v8 === process.versions.v8 &&
    header.store === stamp &&
    typeof header.crc32 === 'number'
  );
}
