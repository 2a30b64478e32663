import type { FactsTable } from '../findings/facts-table';
import { loadFacts, loadFactsTable } from '../findings/load-facts';
import type { AuditStore } from '../storage/audit-store';
import type { StoredFacts } from '../storage/field-versions';

/** A table of facts with the version each field's facts were read from, ascending by field id. */
interface Kept {
  table: FactsTable;
  fieldIds: Float64Array;
  versionIds: Float64Array;
}

/**
 * The facts of the last snapshot a scan loaded, kept by the thread that runs scans:
 * the next scan takes them with the facts of the fields whose version differs,
 * rather than reading and parsing every field's facts again (with the findings,
 * most of an incremental scan's time at 1,000,000 fields). Each field's version is
 * kept with them, so a write that reached a snapshot after its facts were read is
 * seen as a difference like any other.
 */
export class KeptFacts {
  private kept: Kept | undefined;

  /** The facts of a scan's snapshot. */
  of(store: AuditStore, scanId: number): FactsTable {
    this.kept = this.kept ? withChanges(store, scanId, this.kept) : loadAll(store, scanId);
    return this.kept.table;
  }
}

function loadAll(store: AuditStore, scanId: number): Kept {
  const fieldIds: number[] = [];
  const versionIds: number[] = [];
  function* noted(rows: Iterable<StoredFacts>) {
    for (const row of rows) {
      fieldIds.push(row.fieldId);
      versionIds.push(row.versionId);
      yield row;
    }
  }
  const table = loadFactsTable(store, noted(store.members.facts(scanId)));
  return {
    table,
    fieldIds: Float64Array.from(fieldIds),
    versionIds: Float64Array.from(versionIds),
  };
}

/** The kept facts with those of the snapshot's fields that differ: changed, added or gone. */
function withChanges(store: AuditStore, scanId: number, kept: Kept): Kept {
  const fieldIds: number[] = [];
  const versionIds: number[] = [];
  const changedVersions: number[] = [];
  const gone: number[] = [];
  let position = 0;
  const skipGone = (below: number) => {
    while (position < kept.fieldIds.length && kept.fieldIds[position]! < below) {
      gone.push(kept.fieldIds[position]!);
      position += 1;
    }
  };
  for (const [fieldId, versionId] of store.members.versionsInOrder(scanId)) {
    skipGone(fieldId);
    const same = kept.fieldIds[position] === fieldId && kept.versionIds[position] === versionId;
    if (kept.fieldIds[position] === fieldId) position += 1;
    if (!same) changedVersions.push(versionId);
    fieldIds.push(fieldId);
    versionIds.push(versionId);
  }
  skipGone(Number.POSITIVE_INFINITY);
  const changed = loadFacts(store, store.versions.facts(changedVersions));
  const table = kept.table.with([
    ...changed.map((facts) => [facts.id, facts] as const),
    ...gone.map((fieldId) => [fieldId, undefined] as const),
  ]);
  return {
    table,
    fieldIds: Float64Array.from(fieldIds),
    versionIds: Float64Array.from(versionIds),
  };
}
