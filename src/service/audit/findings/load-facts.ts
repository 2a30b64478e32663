import type { CalculatedField } from '../../../contract/field';
import type { AuditStore, StoredFacts } from '../storage/audit-store';
import type { FieldFacts } from './field-facts';
import { FACTS_VERSION, factsOf } from './field-facts';

/**
 * Parses stored facts; those derived by an older version of the rules are derived
 * again from the stored field and written back, so each is redone once.
 */
export function loadFacts(store: AuditStore, stored: readonly StoredFacts[]): FieldFacts[] {
  const stale = stored.filter((entry) => entry.factsVersion !== FACTS_VERSION);
  const refreshed = new Map<number, FieldFacts>();
  if (stale.length > 0) {
    const bodies = store.bodies(stale.map((entry) => entry.versionId));
    for (const entry of stale) {
      const body = bodies.get(entry.versionId);
      if (body === undefined) continue;
      const facts = factsOf(JSON.parse(body) as CalculatedField);
      store.replaceFacts(entry.versionId, JSON.stringify(facts), FACTS_VERSION);
      refreshed.set(entry.versionId, facts);
    }
  }
  return stored.map(
    (entry) => refreshed.get(entry.versionId) ?? (JSON.parse(entry.facts) as FieldFacts),
  );
}
