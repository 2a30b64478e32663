import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalculatedField } from '../../../contract/field';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import { importInstance } from '../../instance/import-instance';
import { openStore } from '../../store/open-store';
import { AuditStore } from '../storage/audit-store';
import type { AuditDb } from '../storage/open-audit-database';
import { openAuditDatabase } from '../storage/open-audit-database';
import { saveFieldVersion } from '../storage/save-field-version';
import type { Findings } from './compute-findings';
import { computeFindings } from './compute-findings';
import type { FactsTable } from './facts-table';
import { loadFactsTable } from './load-facts';
import { loadSnapshotFacts } from './snapshot-facts';

/** The fields of a seeded demo instance, as the store answers them. */
function demoFields(count: number): CalculatedField[] {
  const instance = generateDemoInstance({ fields: count, seed: 7 });
  const stores = openStore(':memory:');
  try {
    importInstance(stores.fields, instance);
    return instance.fields.map((field) => stores.fields.getField(field.id)!);
  } finally {
    stores.close();
  }
}

let dir: string;
let db: AuditDb;
let store: AuditStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-snapshot-facts-'));
  const file = join(dir, 'audit.sqlite');
  db = openAuditDatabase(file);
  store = new AuditStore(db, file, 'embedded');
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A scan whose snapshot is these fields, its facts loaded as a scan loads them, then complete. */
function scanOf(fields: Iterable<CalculatedField>, beforeComplete?: (scanId: number) => void) {
  const scan = store.scans.create('manual', 0);
  store.inTransaction(() =>
    store.members.add(
      scan.id,
      [...fields].map((field) => ({
        fieldId: field.id,
        versionId: saveFieldVersion(store, field)!.versionId,
      })),
    ),
  );
  const facts = loadSnapshotFacts(store, scan.id);
  beforeComplete?.(scan.id);
  const headline = computeFindings(facts, () => new Map()).headline;
  store.scans.markComplete(scan.id, { headline, changes: null, members: facts.size }, 0);
  return { scanId: scan.id, facts };
}

/** The facts of a scan read from every member, as a scan without a kept block reads them. */
const everyFieldsFacts = (scanId: number) => loadFactsTable(store, store.members.facts(scanId));

const findingsOf = (facts: FactsTable, scanId: number): Findings =>
  computeFindings(facts, (ids) => store.members.expressions(scanId, ids));

const comparable = (findings: Findings) => ({
  headline: findings.headline,
  byKey: Object.values(findings.byKey).map((finding) => ({
    ...finding,
    notes: [...finding.notes],
  })),
});

/** Some fields edited (a copy of another's expression, a nested deleted field), some gone, some new, some locked. */
function changed(fields: readonly CalculatedField[], round: number): CalculatedField[] {
  const gone = new Set(fields.filter((_, at) => at % 37 === round).map((field) => field.id));
  const next = fields
    .filter((field) => !gone.has(field.id))
    .map((field, at) => {
      if (at % 23 === round) return { ...field, locked: !field.locked, lastModified: round + 1 };
      if (at % 29 === round) {
        const other = fields[(at * 7) % fields.length]!;
        return { ...field, expression: other.expression, checkSum: other.checkSum };
      }
      if (at % 31 === round)
        return {
          ...field,
          expression: `SERVICE_BEAST_MODE(${[...gone][0]}) + 1`,
          checkSum: `c${at}`,
        };
      return field;
    });
  const added = fields
    .slice(0, 5)
    .map((field, at) => ({ ...field, id: 100_000 + round * 10 + at }));
  return [...next, ...added];
}

describe('the facts of a scan taken from the last scan and the fields that changed', () => {
  it('are those of every field read again, and make the same findings', () => {
    let fields = demoFields(500);
    scanOf(fields);
    for (const round of [1, 2, 3]) {
      fields = changed(fields, round);
      const readEveryField = vi.spyOn(store.members, 'facts');
      const { scanId, facts } = scanOf(fields);
      // Taken from the last scan's block: no reading of every field.
      expect(readEveryField).not.toHaveBeenCalled();
      readEveryField.mockRestore();
      const full = everyFieldsFacts(scanId);
      expect([...facts.values()]).toEqual([...full.values()]);
      expect(comparable(findingsOf(facts, scanId))).toEqual(comparable(findingsOf(full, scanId)));
    }
  });

  it('hold each column in a buffer of its own, so a message does not copy the whole block with each', () => {
    scanOf(demoFields(200));
    const { facts } = scanOf(changed(demoFields(200), 1));
    const { columns } = facts.pack();
    const views = [
      columns.ids,
      columns.flags,
      columns.statuses,
      columns.checkSums.bytes,
      columns.links.offsets,
      columns.links.values,
      columns.nests.values,
    ];
    for (const view of views) expect(view.buffer.byteLength).toBe(view.byteLength);
  });

  it('see a write that reached the last snapshot after its facts were loaded', () => {
    const fields = demoFields(300);
    const edited = { ...fields[10]!, expression: 'SUM(`amount`) / 0', checkSum: 'edited' };
    // The write reaches the scan after its facts were kept (AuditService.fieldsChanged).
    scanOf(fields, (scanId) =>
      store.inTransaction(() =>
        store.members.replaceIfPresent(
          scanId,
          edited.id,
          saveFieldVersion(store, edited)!.versionId,
        ),
      ),
    );
    // The field really was edited: the last snapshot and this one both have the edit.
    const { scanId, facts } = scanOf(
      fields.map((field) => (field.id === edited.id ? edited : field)),
    );
    expect(facts.get(edited.id)).toEqual(everyFieldsFacts(scanId).get(edited.id));
    expect([...facts.values()]).toEqual([...everyFieldsFacts(scanId).values()]);
  });
});
