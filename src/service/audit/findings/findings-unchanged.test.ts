import { hash } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { readWholeDirectory } from '../directory/read-whole-directory';
import { StoreFileSource } from '../scan/store-file-source';
import { openTestAudit } from '../test-support/audit-fixture';
import type { Findings } from './compute-findings';
import { FACTS_VERSION } from './field-facts';

/**
 * The answer of every rule on a seeded demo instance, written down once: a change
 * in how facts are kept or read (docs/audit.md, "Memory") must leave every id,
 * group and note as it was. A deliberate change of a rule updates these with it.
 */
const expected = {
  headline: {
    total: 1500,
    locked: 170,
    archived: 80,
    invalid: 62,
    brokenReferences: 71,
    unused: 822,
    exactDuplicates: 196,
    nearDuplicates: 0,
    nested: 65,
    brokenDependencies: 12,
    lint: 8,
    inactiveOwners: 0,
    hiddenNameCharacters: 0,
  },
  archivedUnused: 'c6e03e6a89c2',
  findings: {
    invalid: { ids: 'd69d0e45c146', groups: '8d3522fa12e5', notes: '1b65ade3779b' },
    'broken-references': { ids: '3f4cc71b9f05', groups: '1c02e47329d2', notes: 'b0a9676e33a5' },
    unused: { ids: '62c8a86c02cd', groups: '97d170e1550e', notes: '97d170e1550e' },
    'exact-duplicates': { ids: '34017a796d60', groups: '03883d66fffb', notes: '97d170e1550e' },
    'near-duplicates': { ids: '97d170e1550e', groups: '97d170e1550e', notes: '97d170e1550e' },
    nested: { ids: 'f311b97cfa09', groups: '6e8f79aea6ee', notes: '1e34aab88e7d' },
    'broken-dependencies': { ids: 'e2ae9c4ec152', groups: 'd01f61ec9e34', notes: 'dd39ff3fd29d' },
    lint: { ids: 'b9a0b9d73c51', groups: '893a790e7f3a', notes: '0ca4ca1703b5' },
    // This test's directory says nothing of owners' status.
    'inactive-owners': { ids: '97d170e1550e', groups: '97d170e1550e', notes: '97d170e1550e' },
    'hidden-name-characters': {
      ids: '97d170e1550e',
      groups: '97d170e1550e',
      notes: '97d170e1550e',
    },
  },
};

const digest = (value: unknown) => hash('sha1', JSON.stringify(value), 'hex').slice(0, 12);

function summary(findings: Findings) {
  return {
    headline: findings.headline,
    archivedUnused: digest(findings.archivedUnused),
    findings: Object.fromEntries(
      Object.values(findings.byKey).map((finding) => [
        finding.key,
        {
          ids: digest(finding.ids),
          groups: digest(finding.groups),
          notes: digest([...finding.notes].sort(([a], [b]) => a - b)),
        },
      ]),
    ),
  };
}

/** Runs `change` on the audit file while no server holds it. */
function withFile<T>(file: string, change: (db: Database.Database) => T): T {
  const db = new Database(file);
  try {
    return change(db);
  } finally {
    db.close();
  }
}

let server: TestServer;
let audit: ReturnType<typeof openTestAudit>;

beforeAll(async () => {
  server = await startTestServer({ instance: generateDemoInstance({ fields: 1500 }) });
  audit = openTestAudit({
    openSource: () => new StoreFileSource(server.dataFile),
    needsCallerToken: false,
    loadDirectory: async () =>
      readWholeDirectory((kind, offset, limit) =>
        server.stores.directory.answer({ form: 'list', kind, name: '', offset, limit }),
      ),
  });
  expect((await audit.scan()).state).toBe('complete');
});
afterAll(async () => {
  await audit.close();
  await server.close();
});

describe('the findings of a seeded demo instance', () => {
  it('are those written down, right after the scan and after a restart', async () => {
    expect(summary(audit.service.view()!.findings())).toEqual(expected);
    await audit.reopen();
    expect(summary(audit.service.view()!.findings())).toEqual(expected);
  });

  it('stay the same when facts an older version stored are derived again, once', async () => {
    await audit.reopen((file) =>
      withFile(file, (db) =>
        db.prepare("UPDATE field_versions SET facts_version = 1, facts = '{}'").run(),
      ),
    );
    expect(summary(audit.service.view()!.findings())).toEqual(expected);
    await audit.reopen((file) => {
      const stale = withFile(file, (db) =>
        db
          .prepare('SELECT count(*) FROM field_versions WHERE facts_version <> ?')
          .pluck()
          .get(FACTS_VERSION),
      );
      expect(stale).toBe(0);
    });
    expect(summary(audit.service.view()!.findings())).toEqual(expected);
  });
});
