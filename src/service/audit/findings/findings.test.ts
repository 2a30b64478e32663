import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FindingKey } from '../../../contract/audit';
import { INVALID, VALID } from '../../../contract/field';
import type { CalculatedField } from '../../../contract/field';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { readWholeDirectory } from '../directory/read-whole-directory';
import { StoreFileSource } from '../scan/store-file-source';
import { findingsInstance, SALES, TICKETS, TICKETS_CARD } from '../test-support/findings-instance';
import { openTestAudit } from '../test-support/audit-fixture';
import { calculatedField } from '../test-support/calculated-field';
import type { Findings } from './compute-findings';
import { computeFindings } from './compute-findings';
import { describeGroups, groupLabel } from './describe-findings';
import { factsOf } from './field-facts';
import { UNEXPLAINED_INVALID } from './rules/invalid-fields';

const onSales = { type: 'DATA_SOURCE' as const, id: SALES, visible: true, active: true };
/**
 * The findings instance and two fields of nested references by id: 19 nests
 * itself (INVALID, and unused all the same: a self-reference is no use), 20 nests
 * field 99, since deleted (INVALID, a broken dependency).
 */
const instance = {
  ...findingsInstance,
  fields: [
    ...findingsInstance.fields,
    {
      id: 19,
      name: 'Itself',
      owner: 102,
      expression: 'SERVICE_BEAST_MODE(19) + 1',
      links: [onSales],
    },
    {
      id: 20,
      name: 'Nests Deleted',
      owner: 102,
      expression: 'SERVICE_BEAST_MODE(99) * 2',
      links: [onSales],
    },
  ],
};

let server: TestServer;
const audits: Array<ReturnType<typeof openTestAudit>> = [];

beforeEach(async () => {
  server = await startTestServer({ instance });
});
afterEach(async () => {
  for (const audit of audits.splice(0)) await audit.close();
  await server.close();
});

/** The findings after an embedded scan, with the directory (names, columns) or without it. */
async function scannedFindings(withDirectory: boolean): Promise<Findings> {
  const audit = openTestAudit({
    openSource: () => new StoreFileSource(server.dataFile),
    needsCallerToken: false,
    loadDirectory: async () =>
      withDirectory
        ? readWholeDirectory((kind, offset, limit) =>
            server.stores.directory.answer({ form: 'list', kind, name: '', offset, limit }),
          )
        : undefined,
  });
  audits.push(audit);
  const scan = await audit.scan();
  expect(scan.state).toBe('complete');
  return audit.service.view()!.findings();
}

const ids = (findings: Findings, key: FindingKey) => findings.byKey[key].ids;

describe('findings of a scanned instance', () => {
  it("invalid: status not VALID, with the analyzer's reason or the cycle", async () => {
    const findings = await scannedFindings(true);
    expect(ids(findings, 'invalid')).toEqual([4, 5, 6, 19, 20]);
    const notes = findings.byKey.invalid.notes;
    expect(notes.get(6)).toBe("missing ')' to close the '(' at position 3");
    expect(notes.get(4)).toContain('part of a reference cycle: `Loop A` → `Loop B` → `Loop A`');
    expect(notes.get(19)).toBe(
      'part of a reference cycle: `Itself` → `Itself`; a field cannot depend on itself',
    );
    expect(notes.get(20)).toBe(
      'SERVICE_BEAST_MODE(99) at position 0 references field 99, which does not exist',
    );
    expect([...findings.byKey.invalid.groups].map((group) => [group.key, group.ids])).toEqual([
      ['part of a reference cycle', [4, 5, 19]],
      ['SERVICE_BEAST_MODE(99) references field 99, which does not exist', [20]],
      ["missing ')' to close the '('", [6]],
    ]);
  });

  it('broken references: by the missing name and where it is missing', async () => {
    const findings = await scannedFindings(true);
    const finding = findings.byKey['broken-references'];
    expect(finding.ids).toEqual([8, 9]);
    expect([...finding.groups].map((group) => [group.place, group.column, group.ids])).toEqual([
      [{ type: 'DATA_SOURCE', id: SALES }, 'Profit', [8, 9]],
      [{ type: 'DATA_SOURCE', id: TICKETS }, 'Cost', [9]],
      [{ type: 'DATA_SOURCE', id: TICKETS }, 'Profit', [9]],
    ]);
    // 15 nests `Profit A` and 20 a deleted field: neither misses a column.
    expect(finding.ids).not.toContain(15);
    expect(finding.ids).not.toContain(20);
  });

  it('broken references without the directory: columns inferred from the fields, cards stand for their data source', async () => {
    const findings = await scannedFindings(false);
    const finding = findings.byKey['broken-references'];
    expect(finding.ids).toEqual([8, 9]);
    expect([...finding.groups].map((group) => [group.place, group.column, group.ids])).toEqual([
      [{ type: 'DATA_SOURCE', id: SALES }, 'Profit', [8, 9]],
      [{ type: 'CARD', id: TICKETS_CARD }, 'Cost', [9]],
      [{ type: 'CARD', id: TICKETS_CARD }, 'Profit', [9]],
    ]);
    expect(findings.references.columnsKnown).toBe(false);
    // References between fields are found as well without the column lists.
    expect(ids(findings, 'nested')).toEqual([2, 3, 4, 5, 7, 15, 17, 19]);
    expect(ids(findings, 'unused')).toEqual([7, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20]);
  });

  it('unused: no active card link and no other field nests it', async () => {
    const findings = await scannedFindings(true);
    // 1, 2, 4, 5, 6, 8, 18 are nested by other fields; 3 and 9 sit on an active card; 14's card
    // is inactive; 19 nests only itself, which is no use.
    expect(ids(findings, 'unused')).toEqual([7, 10, 11, 12, 13, 14, 15, 16, 17, 19, 20]);
  });

  it('duplicates: the same check sum exactly, or the same expression once case, spacing and comments are ignored', async () => {
    const findings = await scannedFindings(true);
    expect(ids(findings, 'exact-duplicates')).toEqual([10, 11]);
    expect([...findings.byKey['exact-duplicates'].groups].map((group) => group.ids)).toEqual([
      [10, 11],
    ]);
    // 13 sums another column: not the same formula.
    expect(ids(findings, 'near-duplicates')).toEqual([10, 11, 12]);
  });

  it('a group of duplicates is labelled by its expression and says where its fields live', async () => {
    const findings = await scannedFindings(true);
    expect(describeGroups(findings, 'exact-duplicates', 0, 8)).toEqual([
      {
        key: '10',
        label: 'SUM(`Amount`)',
        where: 'fields on data source Support Tickets',
        count: 2,
      },
    ]);
  });

  it('nested: fields that nest fields, with the depth of their longest chain', async () => {
    const findings = await scannedFindings(true);
    const finding = findings.byKey.nested;
    // 20 nests only a deleted field: no chain.
    expect(finding.ids).toEqual([2, 3, 4, 5, 7, 15, 17, 19]);
    expect(finding.notes.get(3)).toBe(
      'depth 2: `Revenue Share Pct` → `Revenue Share` → `Revenue Total`',
    );
    expect(finding.notes.get(2)).toBe('depth 1: `Revenue Share` → `Revenue Total`');
    expect(finding.ids).not.toContain(1);
    // Each field of a reference cycle gets the cycle's length, whichever was walked first.
    expect(finding.notes.get(4)).toBe('depth 2: `Loop A` → `Loop B` → `Loop A`');
    expect(finding.notes.get(5)).toBe('depth 2: `Loop B` → `Loop A` → `Loop B`');
    expect(finding.notes.get(19)).toBe('depth 1: `Itself` → `Itself`');
  });

  it('broken dependencies: fields that lead, through references, to an invalid or broken field', async () => {
    const findings = await scannedFindings(true);
    const finding = findings.byKey['broken-dependencies'];
    expect(finding.ids).toEqual([4, 5, 7, 15, 20]);
    expect(finding.notes.get(7)).toBe('depends on `Broken Syntax`, which is broken');
    expect(finding.notes.get(15)).toBe('depends on `Profit A`, which is broken');
    expect(finding.notes.get(20)).toBe('depends on field 99, which does not exist');
    const group = [...finding.groups].find((each) => each.ids.includes(20))!;
    expect(groupLabel(findings, 'broken-dependencies', group)).toBe(
      'depend on field 99, which does not exist',
    );
    // 19 nests only itself: no other field is its broken dependency.
    expect(finding.ids).not.toContain(19);
    // 3 depends on 2 and 1, which are sound.
    expect(finding.ids).not.toContain(3);
  });

  it("lint: the analyzer's rules, knowing which fields are nested", async () => {
    const findings = await scannedFindings(true);
    const finding = findings.byKey.lint;
    expect(finding.ids).toEqual([16, 17]);
    expect([...finding.groups].map((group) => [group.key, group.ids])).toEqual([
      ['archived-field-reference', [17]],
      ['null-comparison', [16]],
    ]);
    // Each note names its rule as the drawer's Problems and the audit's groups do.
    expect(finding.notes.get(17)).toMatch(
      /^Reference to an archived field: SERVICE_BEAST_MODE\(18\) at position 0 references `Old Revenue`, an archived calculated field/,
    );
    expect(finding.notes.get(16)).toMatch(/^Comparison with NULL: /);
    expect(finding.ids).not.toContain(3);
  });

  it('headline numbers count each finding', async () => {
    const findings = await scannedFindings(true);
    expect(findings.headline).toEqual({
      total: 20,
      locked: 1,
      archived: 2,
      invalid: 5,
      brokenReferences: 2,
      unused: 11,
      exactDuplicates: 2,
      nearDuplicates: 3,
      nested: 8,
      brokenDependencies: 5,
      lint: 2,
      inactiveOwners: 0,
      hiddenNameCharacters: 0,
    });
  });
});

describe('findings from fields alone', () => {
  const field = (overrides: Partial<CalculatedField>) =>
    calculatedField({ name: 'Field', checkSum: 'a', legacyId: 'calculation_x', ...overrides });

  /** These fields reference no field, so no rule reads an expression. */
  const noReferencesRead = () => new Map<number, string>();

  it('says so when the instance reports INVALID and the analyzer finds nothing', () => {
    const findings = computeFindings(
      [
        factsOf(field({ id: 1, status: INVALID, expression: 'SUM(1)' })),
        factsOf(field({ id: 2, status: VALID, expression: 'SUM(' })),
      ],
      noReferencesRead,
    );
    expect(findings.byKey.invalid.ids).toEqual([1]);
    expect(findings.byKey.invalid.notes.get(1)).toBe(UNEXPLAINED_INVALID);
  });

  it('unused leaves an archived field out: it is retired already, kept apart for a clean-up', () => {
    const findings = computeFindings(
      [
        factsOf(field({ id: 1, expression: '1' })),
        factsOf(field({ id: 2, expression: '2', archived: true })),
        factsOf(field({ id: 3, expression: '3' })),
      ],
      noReferencesRead,
    );
    expect(findings.byKey.unused.ids).toEqual([1, 3]);
    expect(findings.headline.unused).toBe(2);
    expect(findings.archivedUnused).toEqual([2]);
  });

  it('hidden characters in names: each name that reads as others without them names the first few', () => {
    const names = [
      'Margin',
      'Mar\u200Bgin',
      'Margin\u2066',
      '\u200EMargin',
      'Margin',
      'Mar\u200Cgin x',
    ];
    const findings = computeFindings(
      names.map((name, index) => factsOf(field({ id: index + 1, name }))),
      noReferencesRead,
    ).byKey['hidden-name-characters'];
    expect(findings.ids).toEqual([2, 3, 4, 6]);
    expect([...findings.groups].find((group) => group.key === 'look-alike')?.ids).toEqual([
      2, 3, 4,
    ]);
    expect(findings.notes.get(3)).toBe(
      'the name holds left-to-right isolate (U+2066) at position 6; without its hidden characters it reads `Margin`, as fields 1, 2, 4 and 1 more do',
    );
    expect(findings.notes.get(6)).toBe(
      'the name holds zero-width non-joiner (U+200C) at position 3',
    );
  });

  describe('duplicates compute the same thing on the same data', () => {
    const onSource = (id: string) => ({
      resource: { type: 'DATA_SOURCE', id },
      visible: true,
      active: true,
      valid: VALID,
    });
    const onCard = (id: string) => ({ ...onSource(id), resource: { type: 'CARD', id } });
    const same = { expression: 'TRUE', checkSum: 'true-sum' };
    const groupsOf = (fields: CalculatedField[], key: FindingKey = 'exact-duplicates') =>
      [...computeFindings(fields.map(factsOf), noReferencesRead).byKey[key].groups].map(
        (group) => group.ids,
      );

    it('same expression on different data sources: not duplicates', () => {
      expect(
        groupsOf([
          field({ id: 1, ...same, links: [onSource('sales')] }),
          field({ id: 2, ...same, links: [onSource('tickets')] }),
          field({ id: 3, ...same, links: [onSource('sales')] }),
        ]),
      ).toEqual([[1, 3]]);
    });

    it('a variable and a field with the same expression: not duplicates', () => {
      expect(
        groupsOf([
          field({ id: 1, ...same, variable: true, links: [onSource('sales')] }),
          field({ id: 2, ...same, links: [onSource('sales')] }),
        ]),
      ).toEqual([]);
    });

    it('a field saved on a card and a field of its data source: not duplicates', () => {
      const directory = {
        owners: new Map(),
        dataSources: new Map([['sales', { name: 'Sales', columns: [] }]]),
        cards: new Map([['card-1', { title: 'Pipeline', dataSourceId: 'sales' }]]),
      };
      const findings = computeFindings(
        [
          field({ id: 1, ...same, links: [onCard('card-1')] }),
          field({ id: 2, ...same, links: [onSource('sales')] }),
          field({ id: 3, ...same, links: [onSource('sales'), onCard('card-1')] }),
        ].map(factsOf),
        noReferencesRead,
        directory,
      );
      // 3 sits on the card too, but is a field of the data source, as 2 is.
      expect([...findings.byKey['exact-duplicates'].groups].map((group) => group.ids)).toEqual([
        [2, 3],
      ]);
    });

    it('several groups in one instance, each with its own fields', () => {
      const sales = [onSource('sales')];
      expect(
        groupsOf([
          field({ id: 1, expression: 'TRUE', checkSum: 'true-sum', links: sales }),
          field({ id: 2, expression: 'FALSE', checkSum: 'false-sum', links: sales }),
          field({ id: 3, expression: 'TRUE', checkSum: 'true-sum', links: sales }),
          field({ id: 4, expression: 'FALSE', checkSum: 'false-sum', links: sales }),
          field({ id: 5, expression: 'FALSE', checkSum: 'false-sum', links: sales }),
        ]),
      ).toEqual([
        [2, 4, 5],
        [1, 3],
      ]);
      expect(
        groupsOf(
          [
            field({ id: 1, expression: 'sum(`A`)', checkSum: 'a1', links: sales }),
            field({ id: 2, expression: 'max(`B`)', checkSum: 'b1', links: sales }),
            field({ id: 3, expression: 'SUM(`A`)', checkSum: 'a2', links: sales }),
            field({ id: 4, expression: 'MAX(`B`)', checkSum: 'b2', links: sales }),
          ],
          'near-duplicates',
        ),
      ).toEqual([
        [1, 3],
        [2, 4],
      ]);
    });

    it('an archived field is in no group, and a group keeps its key beside archived copies', () => {
      const sales = [onSource('sales')];
      const copy = (id: number, archived = false) =>
        field({ id, expression: 'SUM(`A`)', checkSum: 'a-sum', archived, links: sales });
      const near = (id: number, archived = false) =>
        field({ id, expression: 'sum( `A` )', checkSum: 'other-sum', archived, links: sales });
      const findingsOf = (fields: CalculatedField[]) =>
        computeFindings(fields.map(factsOf), noReferencesRead).byKey;
      // One field not archived and an archived copy: nothing to merge.
      const merged = findingsOf([copy(1), copy(2, true), near(3, true)]);
      expect(merged['exact-duplicates'].groups).toHaveLength(0);
      expect(merged['near-duplicates'].groups).toHaveLength(0);
      // The key is the first field not archived: the same with or without archived copies.
      const keysOf = (fields: CalculatedField[]) =>
        Object.fromEntries(
          (['exact-duplicates', 'near-duplicates'] as const).map((key) => [
            key,
            [...findingsOf(fields)[key].groups].map((group) => [group.key, group.ids]),
          ]),
        );
      const live = [copy(5), copy(7), near(9)];
      expect(keysOf(live)).toEqual({
        'exact-duplicates': [['5', [5, 7]]],
        'near-duplicates': [['5', [5, 7, 9]]],
      });
      expect(keysOf([copy(1, true), near(2, true), ...live, copy(8, true)])).toEqual(keysOf(live));
    });

    it('near duplicates keep to one data source and kind as well', () => {
      expect(
        groupsOf(
          [
            field({ id: 1, expression: 'sum(`A`)', checkSum: 'x', links: [onSource('sales')] }),
            field({ id: 2, expression: 'SUM(`A`)', checkSum: 'y', links: [onSource('tickets')] }),
            field({ id: 3, expression: 'SUM( `A` )', checkSum: 'z', links: [onSource('sales')] }),
          ],
          'near-duplicates',
        ),
      ).toEqual([[1, 3]]);
    });
  });

  it('an empty expression or an instance without check sums makes no duplicates', () => {
    const findings = computeFindings(
      [
        factsOf(field({ id: 1, expression: '', checkSum: '' })),
        factsOf(field({ id: 2, expression: '', checkSum: '' })),
      ],
      noReferencesRead,
    );
    expect(findings.byKey['exact-duplicates'].ids).toEqual([]);
    expect(findings.byKey['near-duplicates'].ids).toEqual([]);
  });
});
