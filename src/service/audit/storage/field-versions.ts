import type { AuditDb } from './open-audit-database';

/** One state of a field as stored: its canonical JSON and the facts derived from it. */
export interface VersionDraft {
  fieldId: number;
  digest: string;
  listingDigest: string;
  body: string;
  facts: string;
  factsVersion: number;
}

/** A stored version with its facts, as the findings load them. */
export interface StoredFacts {
  fieldId: number;
  versionId: number;
  facts: string;
  factsVersion: number;
}

/** Row of [field id, version id, facts, facts version], as the readers of facts select it. */
export type FactsRow = [number, number, string, number];

export const storedFactsOf = ([fieldId, versionId, facts, factsVersion]: FactsRow) => ({
  fieldId,
  versionId,
  facts,
  factsVersion,
});

/** Each distinct state of the instance's fields, stored once (`field_versions`). */
export class FieldVersions {
  private readonly statements;

  constructor(
    db: AuditDb,
    private readonly instanceId: number,
  ) {
    this.statements = {
      find: db
        .prepare<[number, number, string], number>(
          'SELECT id FROM field_versions WHERE instance_id = ? AND field_id = ? AND digest = ?',
        )
        .pluck(),
      insert: db.prepare<[number, number, string, string, string, string, number]>(
        `INSERT INTO field_versions (instance_id, field_id, digest, listing_digest, body, facts, facts_version)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
      bodies: db
        .prepare<[string], [number, string]>(
          'SELECT id, body FROM field_versions WHERE id IN (SELECT value FROM json_each(?))',
        )
        .raw(),
      facts: db
        .prepare<[string], FactsRow>(
          'SELECT field_id, id, facts, facts_version FROM field_versions WHERE id IN (SELECT value FROM json_each(?))',
        )
        .raw(),
      replaceFacts: db.prepare<[string, number, number]>(
        'UPDATE field_versions SET facts = ?, facts_version = ? WHERE id = ?',
      ),
      maxId: db.prepare<[], number | null>('SELECT max(id) FROM field_versions').pluck(),
      deleteUnused: db.prepare<[number, number, number]>(
        `DELETE FROM field_versions WHERE instance_id = ? AND id BETWEEN ? AND ?
         AND NOT EXISTS (SELECT 1 FROM scan_members WHERE version_id = field_versions.id)
         AND NOT EXISTS (SELECT 1 FROM current_members WHERE version_id = field_versions.id)`,
      ),
    };
  }

  /** The id of this exact state of the field, when it was stored before. */
  find(fieldId: number, digest: string): number | undefined {
    return this.statements.find.get(this.instanceId, fieldId, digest);
  }

  insert(draft: VersionDraft): number {
    const result = this.statements.insert.run(
      this.instanceId,
      draft.fieldId,
      draft.digest,
      draft.listingDigest,
      draft.body,
      draft.facts,
      draft.factsVersion,
    );
    return Number(result.lastInsertRowid);
  }

  /** Field bodies by version id, for the versions given. */
  bodies(versionIds: readonly number[]): Map<number, string> {
    return new Map(this.statements.bodies.all(JSON.stringify(versionIds)));
  }

  /** Stored facts by version id, for the versions given. */
  facts(versionIds: readonly number[]): StoredFacts[] {
    return this.statements.facts.all(JSON.stringify(versionIds)).map(storedFactsOf);
  }

  replaceFacts(versionId: number, facts: string, factsVersion: number): void {
    this.statements.replaceFacts.run(facts, factsVersion, versionId);
  }

  /** The highest version id in the file (of any instance); 0 when there is none. */
  maxId(): number {
    return this.statements.maxId.get() ?? 0;
  }

  /** Deletes the versions with ids in [from, to] no snapshot uses any more (after scans were pruned). */
  deleteUnused(from: number, to: number): void {
    this.statements.deleteUnused.run(this.instanceId, from, to);
  }
}
