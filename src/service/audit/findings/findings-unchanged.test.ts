import { hash } from 'node:crypto';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { readWholeDirectory } from '../directory/read-whole-directory';
import { EmbeddedSource } from '../scan/embedded-source';
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
    invalid: 60,
    brokenReferences: 73,
    unused: 869,
    exactDuplicates: 206,
    nearDuplicates: 0,
    nested: 63,
    brokenDependencies: 8,
    lint: 9,
  },
  findings: {
    invalid: { ids: '9c9d687a9063', groups: '56fbf844aec4', notes: 'cb55946f92e7' },
    'broken-references': { ids: '9e2c367ebdbf', groups: 'f00a391fa8ef', notes: '3b2dbbe60162' },
    unused: { ids: '5ab40e83082e', groups: '97d170e1550e', notes: '97d170e1550e' },
    'exact-duplicates': { ids: 'c2d2a49c910a', groups: '4d58a5f2b019', notes: '97d170e1550e' },
    'near-duplicates': { ids: '97d170e1550e', groups: '97d170e1550e', notes: '97d170e1550e' },
    nested: { ids: 'afc2ed061c72', groups: 'f58f5b651ff0', notes: '86f294d7ecce' },
    'broken-dependencies': { ids: '412247a6c63d', groups: 'ca4621bca4db', notes: '7a9dce9b5a5a' },
    lint: { ids: '4d99013a5900', groups: '974ac069d0aa', notes: 'b05e3924c405' },
  },
};

const digest = (value: unknown) => hash('sha1', JSON.stringify(value), 'hex').slice(0, 12);

function summary(findings: Findings) {
  return {
    headline: findings.headline,
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
    openSource: () => new EmbeddedSource(server.stores.fields),
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
    expect(summary(audit.service.findings()!)).toEqual(expected);
    await audit.reopen();
    expect(summary(audit.service.findings()!)).toEqual(expected);
  });

  it('stay the same when facts an older version stored are derived again, once', async () => {
    await audit.reopen((file) =>
      withFile(file, (db) =>
        db.prepare("UPDATE field_versions SET facts_version = 1, facts = '{}'").run(),
      ),
    );
    expect(summary(audit.service.findings()!)).toEqual(expected);
    await audit.reopen((file) => {
      const stale = withFile(file, (db) =>
        db
          .prepare('SELECT count(*) FROM field_versions WHERE facts_version <> ?')
          .pluck()
          .get(FACTS_VERSION),
      );
      expect(stale).toBe(0);
    });
    expect(summary(audit.service.findings()!)).toEqual(expected);
  });
});
