import { deserialize, serialize } from 'node:v8';
import type { AuditStore } from '../storage/audit-store';
import type { StoredFacts } from '../storage/field-versions';
import type { PackedFactsTable } from './facts-table';
import { FactsTable } from './facts-table';
import type { FieldFacts } from './field-facts';
import { FACTS_VERSION } from './field-facts';
import { loadFacts, loadFactsTable } from './load-facts';

/**
 * Raised whenever what a kept block holds or how it is laid out changes (the facts'
 * version, the table's columns): a block of another format is not read.
 */
const BLOCK_FORMAT = FACTS_VERSION * 100 + 1;

/**
 * Past this share of the fields changed, reading every field's facts is cheaper than
 * taking the last block and changing that many.
 */
const MOST_CHANGED = 1 / 4;

/** A scan's facts as kept: the table, and the version of each field it was made from. */
interface FactsBlock {
  table: PackedFactsTable;
  /** Ascending. */
  fieldIds: Float64Array;
  /** The version of the field at the same place in `fieldIds`. */
  versionIds: Float64Array;
}

/**
 * The facts of a scan's snapshot (docs/audit.md, "Scans"). The facts the last
 * complete scan loaded are kept in the audit file as one block; from it, only the
 * facts of the fields whose version differs are read (at 1,000,000 fields, reading
 * every field's facts took 35 to 78 s). The block remembers the version of each
 * field it holds, so a write that reached either snapshot after its facts were
 * loaded is seen as a change. This scan's facts are then kept for the next one.
 */
export function loadSnapshotFacts(store: AuditStore, scanId: number): FactsTable {
  const previous = store.scans.latestComplete();
  const block = previous && readBlock(store, previous.id);
  const fieldIds: number[] = [];
  const versionIds: number[] = [];
  let table: FactsTable | undefined;
  if (block) {
    for (const [fieldId, versionId] of store.members.versionRows(scanId)) {
      fieldIds.push(fieldId);
      versionIds.push(versionId);
    }
    table = fromBlock(store, block, fieldIds, versionIds);
  }
  table ??= loadFactsTable(store, ofVersions(store.members.facts(scanId), fieldIds, versionIds));
  const kept: FactsBlock = {
    table: table.pack(),
    fieldIds: Float64Array.from(fieldIds),
    versionIds: Float64Array.from(versionIds),
  };
  store.scanFacts.write(scanId, BLOCK_FORMAT, serialize(kept), previous?.id ?? 0);
  return table;
}

function readBlock(store: AuditStore, scanId: number): FactsBlock | undefined {
  const bytes = store.scanFacts.read(scanId, BLOCK_FORMAT);
  return bytes && (ownBuffers(deserialize(bytes)) as FactsBlock);
}

/**
 * Each typed array in `value` (its objects' properties, not its arrays' items) with a
 * buffer of its own: `deserialize` makes them views of the whole block, and a
 * message to the request thread copies a view's whole buffer (192 MB at 1,000,000
 * fields) with each one.
 */
function ownBuffers(value: unknown): unknown {
  if (ArrayBuffer.isView(value)) {
    if (value.byteLength === value.buffer.byteLength) return value;
    const copy = new Uint8Array(value.byteLength);
    copy.set(new Uint8Array(value.buffer, value.byteOffset, value.byteLength));
    const Kind = value.constructor as new (buffer: ArrayBuffer) => ArrayBufferView;
    return value instanceof Buffer ? copy : new Kind(copy.buffer);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const object = value as Record<string, unknown>;
  for (const key of Object.keys(object)) object[key] = ownBuffers(object[key]);
  return value;
}

/**
 * The full reading's rows, noting the version each field is read in (in place of the
 * versions listed before it, which a write since may have moved).
 */
function* ofVersions(
  rows: Iterable<StoredFacts>,
  fieldIds: number[],
  versionIds: number[],
): Generator<StoredFacts> {
  fieldIds.length = 0;
  versionIds.length = 0;
  for (const row of rows) {
    fieldIds.push(row.fieldId);
    versionIds.push(row.versionId);
    yield row;
  }
}

/**
 * The block's table with the fields of the snapshot (`fieldIds`, ascending, in the
 * versions at the same place) that it holds in another version, or not at all, read,
 * and those it holds that the snapshot lacks taken out; undefined when so many
 * changed that reading all is cheaper.
 */
function fromBlock(
  store: AuditStore,
  block: FactsBlock,
  fieldIds: readonly number[],
  versionIds: readonly number[],
): FactsTable | undefined {
  const changedVersions: number[] = [];
  const removed: number[] = [];
  let kept = 0;
  for (let at = 0; at < fieldIds.length || kept < block.fieldIds.length;) {
    const id = at < fieldIds.length ? fieldIds[at]! : Infinity;
    const keptId = kept < block.fieldIds.length ? block.fieldIds[kept]! : Infinity;
    if (keptId < id) {
      removed.push(keptId);
      kept += 1;
      continue;
    }
    if (keptId !== id || block.versionIds[kept] !== versionIds[at])
      changedVersions.push(versionIds[at]!);
    if (keptId === id) kept += 1;
    at += 1;
  }
  if (changedVersions.length + removed.length > fieldIds.length * MOST_CHANGED) return undefined;
  const changes: Array<[number, FieldFacts | undefined]> = removed.map((id) => [id, undefined]);
  for (const facts of loadFacts(store, store.versions.facts(changedVersions)))
    changes.push([facts.id, facts]);
  return FactsTable.unpack(block.table).with(changes);
}
