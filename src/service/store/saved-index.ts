import { createHash } from 'node:crypto';
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
import type { FieldIndexParts } from './index/field-index';

/**
 * The search index saved beside the store when the service closes, so the next
 * start reads it back instead of building it from SQLite (at 1,000,000 fields,
 * seconds instead of tens of seconds). docs/architecture.md, "Start-up".
 *
 * A saved index is used only for the very store file it was saved with, as it was
 * then: its header holds the file's identity and state after it was closed (device,
 * inode, size, modification and change times; the change time moves on any write
 * and cannot be set back), and a SHA-256 of the rest. Any write since, by anyone,
 * or a copy, another store at the same path, a truncated or damaged file, another
 * format or another Node version, and the index is built from SQLite as before.
 */

/** Bumped whenever FieldIndexParts changes shape. */
const FORMAT = 1;
/** The header is a JSON object padded to this many bytes, then the serialized parts. */
const HEADER_BYTES = 1024;

interface Header {
  format: number;
  v8: string;
  store: string;
  sha256: string;
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
    if (!headerMatches(header, stamp) || sha256(payload) !== header?.sha256) return undefined;
    return deserialize(payload) as FieldIndexParts;
  } catch {
    return undefined;
  }
}

/**
 * Writes the parts with the stamp of the closed store. A temporary file renamed
 * into place, so a reader never sees half of one.
 */
export function saveIndex(indexFile: string, parts: FieldIndexParts, stamp: string): void {
  const payload = serialize(parts);
  const header: Header = {
    format: FORMAT,
    v8: process.versions.v8,
    store: stamp,
    sha256: sha256(payload),
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
    typeof header.sha256 === 'string'
  );
}

function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
