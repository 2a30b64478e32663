import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AUDIT_SCHEMA_VERSION } from './audit-schema';
import { AuditFileInUse, openAuditDatabase } from './open-audit-database';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the audit file', () => {
  it('is kept by one server at a time, and free again once that one closes it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfm-audit-lock-'));
    dirs.push(dir);
    const file = join(dir, 'audit.sqlite');
    const first = openAuditDatabase(file);
    expect(() => openAuditDatabase(file)).toThrow(AuditFileInUse);
    expect(() => openAuditDatabase(file)).toThrow(
      `the audit file ${file} is in use by another server; give this one its own with --audit-data`,
    );
    first.close();
    openAuditDatabase(file).close();
  });
});

describe('an audit file of an older schema', () => {
  it('takes the index that answers whether a listed field changed, keeping its scans', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfm-audit-migrate-'));
    dirs.push(dir);
    const file = join(dir, 'audit.sqlite');
    const older = openAuditDatabase(file);
    older.exec(`DROP INDEX field_versions_listing; ALTER TABLE scans DROP COLUMN listed_at;
      INSERT INTO instances (id, key, created) VALUES (1, 'embedded', 0);
      INSERT INTO scans (instance_id, trigger, state, phase, started) VALUES (1, 'manual', 'complete', 'done', 0);
      PRAGMA user_version = 2`);
    older.close();

    const db = openAuditDatabase(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(AUDIT_SCHEMA_VERSION);
      const plan = db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT 1 FROM current_members c
           JOIN field_versions v ON v.id = c.version_id AND v.listing_digest = ?
           WHERE c.instance_id = 1 AND c.field_id = 1`,
        )
        .all('digest') as Array<{ detail: string }>;
      expect(plan.map((step) => step.detail).join('\n')).toContain(
        'COVERING INDEX field_versions_listing',
      );
      expect(db.prepare('SELECT count(*) FROM scans').pluck().get()).toBe(1);
    } finally {
      db.close();
    }
  });

  it('takes the table that keeps the facts of a scan for the next one, keeping its scans', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfm-audit-migrate-'));
    dirs.push(dir);
    const file = join(dir, 'audit.sqlite');
    const older = openAuditDatabase(file);
    older.exec(`DROP TABLE scan_facts; ALTER TABLE scans DROP COLUMN listed_at;
      INSERT INTO instances (id, key, created) VALUES (1, 'embedded', 0);
      INSERT INTO scans (instance_id, trigger, state, phase, started) VALUES (1, 'manual', 'complete', 'done', 0);
      PRAGMA user_version = 3`);
    older.close();

    const db = openAuditDatabase(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(AUDIT_SCHEMA_VERSION);
      db.prepare(
        'INSERT INTO scan_facts (scan_id, part, parts, format, bytes) VALUES (1, 0, 1, 1, ?)',
      ).run(Buffer.from('facts'));
      db.exec('DELETE FROM scans');
      // The block goes with its scan.
      expect(db.prepare('SELECT count(*) FROM scan_facts').pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  });

  it('takes where each scan listed from, its scans listed from nowhere', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfm-audit-migrate-'));
    dirs.push(dir);
    const file = join(dir, 'audit.sqlite');
    const older = openAuditDatabase(file);
    older.exec(`ALTER TABLE scans DROP COLUMN listed_at;
      INSERT INTO instances (id, key, created) VALUES (1, 'embedded', 0);
      INSERT INTO scans (instance_id, trigger, state, phase, started) VALUES (1, 'manual', 'complete', 'done', 0);
      PRAGMA user_version = 4`);
    older.close();

    const db = openAuditDatabase(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(AUDIT_SCHEMA_VERSION);
      expect(db.prepare('SELECT id, listed_at FROM scans').all()).toEqual([
        { id: 1, listed_at: null },
      ]);
    } finally {
      db.close();
    }
  });

  it('takes out the numbers of Unused and duplicates its scans counted with archived fields', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfm-audit-migrate-'));
    dirs.push(dir);
    const file = join(dir, 'audit.sqlite');
    const older = openAuditDatabase(file);
    const headline = {
      total: 9,
      archived: 2,
      unused: 5,
      exactDuplicates: 4,
      nearDuplicates: 3,
      lint: 1,
    };
    older.exec(`INSERT INTO instances (id, key, created) VALUES (1, 'embedded', 0);
      INSERT INTO scans (instance_id, trigger, state, phase, started) VALUES (1, 'manual', 'running', 'listing', 0);
      PRAGMA user_version = 5`);
    older
      .prepare(
        "INSERT INTO scans (instance_id, trigger, state, phase, started, headline) VALUES (1, 'manual', 'complete', 'done', 0, ?)",
      )
      .run(JSON.stringify(headline));
    older.close();

    const db = openAuditDatabase(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(AUDIT_SCHEMA_VERSION);
      const kept = db.prepare('SELECT headline FROM scans ORDER BY id').pluck().all() as Array<
        string | null
      >;
      expect(kept.map((text) => text && JSON.parse(text))).toEqual([
        null,
        { total: 9, archived: 2, lint: 1 },
      ]);
    } finally {
      db.close();
    }
  });
});
