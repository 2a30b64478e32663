import type { CalculatedField } from '../../../contract/field';
import type { AuditStore } from '../storage/audit-store';
import type { StoredFacts } from '../storage/field-versions';
import type { FieldFacts } from './field-facts';
import { FACTS_VERSION, factsOf } from './field-facts';

/** Stale facts are derived again this many at a time, so their bodies are never all in memory. */
const REDERIVE_BATCH = 1000;

/**
 * Parses stored facts as they are read; those derived by an older version of the
 * rules are derived again from the stored field and written back, so each is
 * redone once. Written after the reading ends: the rows come from an open query.
 */
export function loadFacts(store: AuditStore, stored: Iterable<StoredFacts>): FieldFacts[] {
  const facts: FieldFacts[] = [];
  const stale: Array<{ position: number; versionId: number }> = [];
  for (const entry of stored) {
    if (entry.factsVersion === FACTS_VERSION) facts.push(JSON.parse(entry.facts) as FieldFacts);
    else {
      stale.push({ position: facts.length, versionId: entry.versionId });
      facts.push(undefined as unknown as FieldFacts);
    }
  }
  for (let start = 0; start < stale.length; start += REDERIVE_BATCH) {
    const batch = stale.slice(start, start + REDERIVE_BATCH);
    const bodies = store.versions.bodies(batch.map(({ versionId }) => versionId));
    store.inTransaction(() => {
      for (const { position, versionId } of batch) {
        // The body is in the same row as the facts just read.
        const derived = factsOf(JSON.parse(bodies.get(versionId)!) as CalculatedField);
        store.versions.replaceFacts(versionId, JSON.stringify(derived), FACTS_VERSION);
        facts[position] = derived;
      }
    });
  }
  return facts;
}
