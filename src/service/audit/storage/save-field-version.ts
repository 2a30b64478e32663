import type { CalculatedField } from '../../../contract/field';
import { FACTS_VERSION, factsOf } from '../findings/field-facts';
import { canonicalField, fieldDigest, listingDigest } from '../scan/canonical-field';
import type { AuditStore } from './audit-store';

export interface SavedVersion {
  field: CalculatedField;
  versionId: number;
  /** Bytes stored when this state of the field was new; 0 when it was seen before. */
  newBytes: number;
}

/**
 * Stores one field as the instance answered it, once per distinct state, with its
 * facts derived on first sight. Undefined when the answer is not a field at all.
 */
export function saveFieldVersion(store: AuditStore, raw: unknown): SavedVersion | undefined {
  const field = canonicalField(raw);
  if (!field) return undefined;
  const digest = fieldDigest(field);
  const existing = store.versions.find(field.id, digest);
  if (existing !== undefined) return { field, versionId: existing, newBytes: 0 };
  const body = JSON.stringify(field);
  const facts = JSON.stringify(factsOf(field));
  const versionId = store.versions.insert({
    fieldId: field.id,
    digest,
    listingDigest: listingDigest(field)!,
    body,
    facts,
    factsVersion: FACTS_VERSION,
  });
  return { field, versionId, newBytes: body.length + facts.length };
}
