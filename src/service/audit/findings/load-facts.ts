import type { CalculatedField } from '../../../contract/field';
import type { AuditStore } from '../storage/audit-store';
import type { StoredFacts } from '../storage/field-versions';
import { FactsTable } from './facts-table';
import type { FieldFacts } from './field-facts';
import { FACTS_VERSION, factsOf } from './field-facts';

/** Stale facts are derived again this many at a time, so their bodies are never all in memory. */
const REDERIVE_BATCH = 1000;

/**
 * Parses stored facts as they are read, handing each to `keep` with its place among
 * the rows; those derived by an older version of the rules are derived again from
 * the stored field and written back, so each is redone once. Written after the
 * reading ends: the rows come from an open query.
 */
function readFacts(
  store: AuditStore,
  stored: Iterable<StoredFacts>,
  keep: (facts: FieldFacts, position: number) => void,
): void {
  const stale: Array<{ position: number; versionId: number }> = [];
  let position = 0;
  for (const entry of stored) {
    if (entry.factsVersion === FACTS_VERSION) keep(JSON.parse(entry.facts) as FieldFacts, position);
    else stale.push({ position, versionId: entry.versionId });
    position += 1;
  }
  for (let start = 0; start < stale.length; start += REDERIVE_BATCH) {
    const batch = stale.slice(start, start + REDERIVE_BATCH);
    const bodies = store.versions.bodies(batch.map(({ versionId }) => versionId));
    store.inTransaction(() => {
      for (const { position, versionId } of batch) {
        // The body is in the same row as the facts just read.
        const derived = factsOf(JSON.parse(bodies.get(versionId)!) as CalculatedField);
        store.versions.replaceFacts(versionId, JSON.stringify(derived), FACTS_VERSION);
        keep(derived, position);
      }
    });
  }
}

/** The facts of the rows given, in their order (two versions of one field stay apart). */
export function loadFacts(store: AuditStore, stored: Iterable<StoredFacts>): FieldFacts[] {
  const facts: FieldFacts[] = [];
  readFacts(store, stored, (field, position) => (facts[position] = field));
  return facts;
}

/**
 * The facts of a snapshot's fields (one row per field) as a table, each row added
 * as it is read: the facts as objects are never all in memory together.
 */
export function loadFactsTable(store: AuditStore, stored: Iterable<StoredFacts>): FactsTable {
  const table = FactsTable.builder();
  readFacts(store, stored, (field) => table.add(field));
  return table.finish();
}
