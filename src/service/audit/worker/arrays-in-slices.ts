import { deserialize, serialize } from 'node:v8';
import type { Steps } from '../../store/in-turns';

/** Entries of a large array serialized together: a slice is read back in a few ms. */
export const SLICE_LENGTH = 4096;

/**
 * The bytes past which a slice is cut in halves: 4,096 findings' groups, each with its
 * key and ids, made slices of up to a megabyte, each read back in one piece of 20 to
 * 75 ms at 1,000,000 fields (on a machine loaded 8 to 12 deep).
 */
const SLICE_BYTES = 64 * 1024;

/** Names the bytes that stand for a large array or map, where it was. */
const SLICES = '\u0000slices';

interface Sliced {
  [SLICES]: Array<Uint8Array | undefined>;
  /** The entries are a map's. */
  map: boolean;
}

/** A value as `arraysInSlices` sends it; `arraysWhole` makes it again. */
export interface InSlices<T> {
  readonly sliced: unknown;
  /** Only names what `arraysWhole` gives back. */
  readonly of?: T;
}

/**
 * `value` with each of its arrays and maps of more than `sliceLength` entries (among
 * its plain objects, arrays and maps; anything else stays as it is) as the bytes of its slices, each serialized on
 * its own: posted with their buffers moved (buffers-to-move.ts), the receiving thread
 * deserializes nothing large when the message arrives, and reads the slices back one
 * at a time, answering requests in between (`arraysWhole`). At 1,000,000 fields a
 * million names, ids and groups deserialized at once held it for 1.3 to 2.2 s.
 */
export function arraysInSlices<T>(value: T, sliceLength = SLICE_LENGTH): InSlices<T> {
  const slice = (inner: unknown): unknown => {
    if (typeof inner !== 'object' || inner === null || ArrayBuffer.isView(inner)) return inner;
    if (inner instanceof Map) {
      if (inner.size > sliceLength) return slicesOf([...inner], true, sliceLength);
      return new Map([...inner].map(([key, entry]) => [slice(key), slice(entry)]));
    }
    if (Array.isArray(inner)) {
      return inner.length > sliceLength ? slicesOf(inner, false, sliceLength) : inner.map(slice);
    }
    if (!isPlainObject(inner)) return inner;
    return Object.fromEntries(Object.entries(inner).map(([key, entry]) => [key, slice(entry)]));
  };
  return { sliced: slice(value) };
}

/**
 * The value `arraysInSlices` sent, pausing after each slice read (in-turns.ts). Each
 * slice's bytes are let go once read.
 */
export function* arraysWhole<T>(sent: InSlices<T>): Steps<T> {
  return (yield* whole(sent.sliced)) as T;
}

/** Slices of at most `sliceLength` entries and, unless an entry alone is larger, SLICE_BYTES. */
function slicesOf(entries: readonly unknown[], map: boolean, sliceLength: number): Sliced {
  const slices: Uint8Array[] = [];
  let length = sliceLength;
  for (let start = 0; start < entries.length; start += length) {
    length = Math.min(sliceLength, length * 2);
    let bytes = serialize(entries.slice(start, start + length));
    while (bytes.length > SLICE_BYTES && length > 1) {
      length = Math.ceil(length / 2);
      bytes = serialize(entries.slice(start, start + length));
    }
    slices.push(bytes);
  }
  return { [SLICES]: slices, map };
}

/** Anything else (a Set, a Date) crosses as a structured clone takes it, whole. */
export function isPlainObject(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isSliced(value: object): value is Sliced {
  return SLICES in value;
}

function* whole(value: unknown): Steps<unknown> {
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return value;
  if (isSliced(value)) {
    const slices = value[SLICES];
    const entries: unknown[] = [];
    const map = new Map<unknown, unknown>();
    for (let at = 0; at < slices.length; at += 1) {
      for (const entry of deserialize(slices[at]!) as unknown[]) {
        if (value.map) map.set(...(entry as [unknown, unknown]));
        else entries.push(entry);
      }
      slices[at] = undefined;
      yield;
    }
    return value.map ? map : entries;
  }
  if (value instanceof Map) {
    const map = new Map();
    for (const [key, entry] of value) map.set(yield* whole(key), yield* whole(entry));
    return map;
  }
  if (Array.isArray(value)) {
    const entries: unknown[] = [];
    for (const entry of value) entries.push(yield* whole(entry));
    return entries;
  }
  if (!isPlainObject(value)) return value;
  const object: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) object[key] = yield* whole(entry);
  return object;
}
