import { UNCHANGED_LISTING } from '../scan/canonical-field';
import type { DifferingRange } from './snapshot-rows';
import { differingCountSql, expressionsSql, factsSql, scanRows } from './snapshot-rows';
import type { FactsRow, StoredFacts } from './field-versions';
import { storedFactsOf } from './field-versions';
import type { AuditDb } from './open-audit-database';

/**
 * The snapshot of each scan (`scan_members`: which version of each field it saw)
 * and what a running scan listed and has to read (`scan_listing`), so a restart
 * knows what is left.
 */
export class ScanMembers {
  private readonly statements;

  constructor(
    db: AuditDb,
    private readonly instanceId: number,
  ) {
    this.statements = {
      deleteListing: db.prepare<[number]>('DELETE FROM scan_listing WHERE scan_id = ?'),
      deleteSomeListing: db.prepare<[number, number, number]>(
        `DELETE FROM scan_listing WHERE scan_id = ? AND field_id IN
         (SELECT field_id FROM scan_listing WHERE scan_id = ? LIMIT ?)`,
      ),
      deleteListed: db.prepare<[number, number]>(
        'DELETE FROM scan_listing WHERE scan_id = ? AND field_id = ?',
      ),
      deleteMembers: db.prepare<[number]>('DELETE FROM scan_members WHERE scan_id = ?'),
      deleteSomeMembers: db.prepare<[number, number, number]>(
        `DELETE FROM scan_members WHERE scan_id = ? AND field_id IN
         (SELECT field_id FROM scan_members WHERE scan_id = ? LIMIT ?)`,
      ),
      insertListing: db.prepare<[number, number, string]>(
        'INSERT OR REPLACE INTO scan_listing (scan_id, field_id, listing_digest) VALUES (?, ?, ?)',
      ),
      currentIds: db
        .prepare<[number, number, number], number>(
          'SELECT field_id FROM current_members WHERE instance_id = ? AND field_id BETWEEN ? AND ?',
        )
        .pluck(),
      // From the index field_versions_listing alone, not the versions' rows.
      currentListing: db
        .prepare<[number, string], [number, string]>(
          `SELECT c.field_id, v.listing_digest FROM current_members c
           JOIN field_versions v ON v.id = c.version_id
           WHERE c.instance_id = ? AND c.field_id IN (SELECT value FROM json_each(?))`,
        )
        .raw(),
      unread: db
        .prepare<[number, number, number], number>(
          `SELECT field_id FROM scan_listing l WHERE scan_id = ? AND field_id BETWEEN ? AND ?
           AND NOT EXISTS (SELECT 1 FROM scan_members m WHERE m.scan_id = l.scan_id AND m.field_id = l.field_id)
           ORDER BY field_id`,
        )
        .pluck(),
      // A range of current_members but the few it lists, in one statement: a row per call, or the
      // ids kept as a list, took most of recording the listing at 1,000,000 fields.
      keepCurrent: db.prepare<[number, number, number, number, string]>(
        `INSERT OR REPLACE INTO scan_members (scan_id, field_id, version_id)
         SELECT ?, c.field_id, c.version_id FROM current_members c
         WHERE c.instance_id = ? AND c.field_id BETWEEN ? AND ?
         AND c.field_id NOT IN (SELECT value FROM json_each(?))`,
      ),
      upsert: db.prepare<[number, number, number]>(
        'INSERT OR REPLACE INTO scan_members (scan_id, field_id, version_id) VALUES (?, ?, ?)',
      ),
      exists: db
        .prepare<[number, number], number>(
          'SELECT count(*) FROM scan_members WHERE scan_id = ? AND field_id = ?',
        )
        .pluck(),
      delete: db.prepare<[number, number]>(
        'DELETE FROM scan_members WHERE scan_id = ? AND field_id = ?',
      ),
      count: db
        .prepare<[number], number>('SELECT count(*) FROM scan_members WHERE scan_id = ?')
        .pluck(),
      facts: db.prepare<[number], FactsRow>(factsSql(scanRows)).raw(),
      versions: db
        .prepare<[number], [number, number]>(
          'SELECT field_id, version_id FROM scan_members WHERE scan_id = ? ORDER BY field_id',
        )
        .raw(),
      expressions: db.prepare<[number, string], [number, string]>(expressionsSql(scanRows)).raw(),
      differing: db
        .prepare<[DifferingRange], number>(differingCountSql(scanRows, scanRows))
        .pluck(),
      boundAfter: db
        .prepare<[number, number, number], number>(
          'SELECT field_id FROM scan_members WHERE scan_id = ? AND field_id >= ? ORDER BY field_id LIMIT 1 OFFSET ?',
        )
        .pluck(),
    };
  }

  /**
   * Part of what the listing found, in id order: a listed field whose listing digest
   * equals its current version's, or that was listed as unchanged and has a current
   * version, keeps that version as a member and is not read again; only the others
   * are written to the listing, to be read. The parts may be
   * written in separate transactions: until the scan starts reading, a restart lists
   * again from nothing. Answers the part's fields left to read.
   */
  recordListed(
    scanId: number,
    listed: ReadonlyArray<{ id: number; listingDigest: string }>,
  ): number[] {
    const from = listed[0]!.id;
    const to = listed.at(-1)!.id;
    const currentIds = this.statements.currentIds.all(this.instanceId, from, to);
    const inCurrent = new Set(currentIds);
    // Only a field listed with a digest needs its current version's: after 1% changed, ten in a thousand.
    const digested = listed.flatMap(({ id, listingDigest }) =>
      listingDigest === UNCHANGED_LISTING ? [] : [id],
    );
    const digests = new Map(
      digested.length === 0
        ? []
        : this.statements.currentListing.all(this.instanceId, JSON.stringify(digested)),
    );
    const toRead: number[] = [];
    const kept = new Set<number>();
    for (const { id, listingDigest } of listed) {
      const asLastSeen =
        listingDigest === UNCHANGED_LISTING ? inCurrent.has(id) : digests.get(id) === listingDigest;
      if (asLastSeen) kept.add(id);
      else {
        this.statements.insertListing.run(scanId, id, listingDigest);
        toRead.push(id);
      }
    }
    // Of the current members in the range, all but those to read and those no longer listed.
    const notKept = currentIds.filter((id) => !kept.has(id));
    this.statements.keepCurrent.run(scanId, this.instanceId, from, to, JSON.stringify(notKept));
    return toRead;
  }

  /** Listed fields the scan has not read yet (with ids in [from, to]), in id order. */
  unread(scanId: number, from = 0, to = Number.MAX_SAFE_INTEGER): number[] {
    return this.statements.unread.all(scanId, from, to);
  }

  /** Fields read by a scan; undefined for a listed field that is gone when read (deleted meanwhile). */
  add(scanId: number, members: ReadonlyArray<{ fieldId: number; versionId: number | undefined }>) {
    for (const { fieldId, versionId } of members) {
      if (versionId === undefined) this.statements.deleteListed.run(scanId, fieldId);
      else this.statements.upsert.run(scanId, fieldId, versionId);
    }
  }

  /** A write through this server while a scan runs: the scan keeps the newer state too. */
  replaceIfPresent(scanId: number, fieldId: number, versionId: number | undefined): void {
    if (this.statements.exists.get(scanId, fieldId) === 0) return;
    if (versionId === undefined) this.statements.delete.run(scanId, fieldId);
    else this.statements.upsert.run(scanId, fieldId, versionId);
  }

  count(scanId: number): number {
    return this.statements.count.get(scanId)!;
  }

  /** The facts of every field in a scan's snapshot, read one row at a time. */
  *facts(scanId: number): IterableIterator<StoredFacts> {
    for (const row of this.statements.facts.iterate(scanId)) yield storedFactsOf(row);
  }

  /** Field id -> version id of a scan's snapshot. */
  versions(scanId: number): Map<number, number> {
    return new Map(this.statements.versions.all(scanId));
  }

  /** [field id, version id] of each field of a scan's snapshot, in id order, one row at a time. */
  versionRows(scanId: number): IterableIterator<[number, number]> {
    return this.statements.versions.iterate(scanId);
  }

  /** Field id -> the expression of its version in a scan's snapshot, for the fields given. */
  expressions(scanId: number, fieldIds: readonly number[]): Map<number, string> {
    return new Map(this.statements.expressions.all(scanId, JSON.stringify(fieldIds)));
  }

  /** How many fields with ids in [from, to] differ (changed, added or removed) between two scans. */
  differing(scanId: number, otherScanId: number, from: number, to: number): number {
    return this.statements.differing.get({ a: scanId, b: otherScanId, from, to })!;
  }

  /** The id of the `count`-th member of the scan from `from` on; undefined past its last. */
  boundAfter(scanId: number, from: number, count: number): number | undefined {
    return this.statements.boundAfter.get(scanId, from, count - 1);
  }

  /**
   * Deletes up to `count` rows of a scan's listing, once every listed field is read;
   * answers how many went. What is left to read is the listing less the members, so a
   * restart between two parts finds nothing left to read.
   */
  dropListingPart(scanId: number, count: number): number {
    return this.statements.deleteSomeListing.run(scanId, scanId, count).changes;
  }

  /** Deletes up to `count` members of a pruned scan's snapshot; answers how many went. */
  dropPart(scanId: number, count: number): number {
    return this.statements.deleteSomeMembers.run(scanId, scanId, count).changes;
  }

  /** A scan that did not complete leaves no partial snapshot. */
  drop(scanId: number): void {
    this.statements.deleteListing.run(scanId);
    this.statements.deleteMembers.run(scanId);
  }
}
