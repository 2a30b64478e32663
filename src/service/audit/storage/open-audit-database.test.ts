import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
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
