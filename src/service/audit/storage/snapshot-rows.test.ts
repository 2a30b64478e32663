import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuditStore } from './audit-store';
import type { AuditDb } from './open-audit-database';
import { openAuditDatabase } from './open-audit-database';

let db: AuditDb;
let store: AuditStore;

beforeEach(() => {
  db = openAuditDatabase(':memory:');
  store = new AuditStore(db, ':memory:', 'embedded');
});
afterEach(() => db.close());

/** A version of each field id given, numbered as the id plus `version` times 100. */
function versions(fieldIds: number[], version: number): Array<[number, number]> {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO field_versions (id, instance_id, field_id, digest, listing_digest, body, facts, facts_version)
     VALUES (?, ?, ?, ?, '', '{}', '{}', 1)`,
  );
  return fieldIds.map((fieldId) => {
    const id = fieldId + version * 100;
    insert.run(id, store.instanceId, fieldId, String(id));
    return [fieldId, id];
  });
}

function scanOf(members: Array<[number, number]>): number {
  const scan = store.scans.create('manual', 0);
  store.members.add(
    scan.id,
    members.map(([fieldId, versionId]) => ({ fieldId, versionId })),
  );
  return scan.id;
}

describe('the fields that differ between two snapshots', () => {
  // Fields 1 to 3 as they were; 4 and 5 changed; 6 only in the first; 7 and 8 only in the second.
  const first = () => [...versions([1, 2, 3, 4, 5], 0), ...versions([6], 0)];
  const second = () => [...versions([1, 2, 3], 0), ...versions([4, 5], 1), ...versions([7, 8], 0)];

  it('count each field changed, gone or new once, whichever snapshot is taken first', () => {
    const a = scanOf(first());
    const b = scanOf(second());
    expect(store.members.differing(a, b, 0, 100)).toBe(5);
    expect(store.members.differing(b, a, 0, 100)).toBe(5);
    expect(store.members.differing(a, b, 4, 6)).toBe(3);
    expect(store.members.differing(a, a, 0, 100)).toBe(0);
  });

  it('count the same between the instance as last seen and a scan', () => {
    for (const [fieldId, versionId] of first()) store.current.set(fieldId, versionId);
    const b = scanOf(second());
    expect(store.current.changesSince(b)).toBe(5);
    expect(store.current.changesSince(b, 7, 8)).toBe(2);
  });
});
