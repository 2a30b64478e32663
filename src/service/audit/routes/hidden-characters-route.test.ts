import { afterEach, describe, expect, it } from 'vitest';
import type { FindingsAnswer } from '../../../contract/audit';
import { AUDIT_BASE, fieldFindingsAnswerSchema, findingRules } from '../../../contract/audit';
import type { WorkflowPreview } from '../../../contract/workflows';
import { workflowPaths } from '../../../contract/workflows';
import type { FieldRecordInput, InstanceFile } from '../../instance/instance-file';
import { INSTANCE_FORMAT, INSTANCE_VERSION } from '../../instance/instance-file';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';

const SALES = '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
const onSales = { type: 'DATA_SOURCE' as const, id: SALES, visible: true, active: true };

/** Names and expressions that hide characters, beside text whose joiners are part of it. */
const fields: FieldRecordInput[] = [
  { id: 1, name: 'report\u202Egnp.exe', expression: 'SUM(`Revenue`)' },
  { id: 2, name: 'Revenue', expression: 'SUM(`Revenue`) * 2' },
  // Reads "Revenue" without its zero-width space: a look-alike of field 2.
  { id: 3, name: 'Reve\u200Bnue', expression: 'SUM(`Revenue`) * 3' },
  // Persian with a zero-width non-joiner inside the word, and an emoji family: nothing hidden.
  { id: 4, name: 'می\u200Cخواهم 👨\u200D👩\u200D👧', expression: 'SUM(`Revenue`) * 4' },
  // Reads "Profit" once the space left at its end is trimmed, as a name is stored: a
  // look-alike of field 7, as the rename that skips it says.
  { id: 6, name: 'Profit\u200B ', expression: 'SUM(`Revenue`) * 6' },
  { id: 7, name: 'Profit', expression: 'SUM(`Revenue`) * 7' },
  {
    id: 5,
    name: 'Admin only',
    expression: "CASE WHEN `Region` = 'West\u202E' THEN 1 ELSE 0 END -- \u2066 checked",
  },
].map((field) => ({ ...field, owner: 101, links: [onSales] }));

const instance: InstanceFile = {
  format: INSTANCE_FORMAT,
  version: INSTANCE_VERSION,
  owners: [{ id: 101, name: 'Ada Lovelace' }],
  dataSources: [{ id: SALES, name: 'Sales Orders', columns: ['Revenue', 'Region'] }],
  cards: [],
  fields: fields.map((field) => ({ ...field, created: 1, lastModified: 2 })),
};

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function scanned(): Promise<TestServer> {
  const server = await startTestServer({ instance, withAudit: true });
  servers.push(server);
  server.audit!.service.startScan(undefined);
  await server.audit!.service.scansSettled();
  return server;
}

async function json<T>(response: Response | Promise<Response>): Promise<T> {
  const answer = await response;
  const body = await answer.text();
  expect(answer.status, body).toBe(200);
  return JSON.parse(body) as T;
}

const fieldsOf = (server: TestServer, key: string, group?: string) =>
  json<{ results: Array<{ id: number }>; notes: Record<string, string> }>(
    server.request('POST', `${AUDIT_BASE}/findings/${key}/fields`, {
      filters: [],
      sort: { field: 'id', ascending: true },
      limit: 50,
      ...(group === undefined ? {} : { group }),
    }),
  );

describe('hidden characters in the audit', () => {
  it('finds names that hide characters, grouped by the character and as look-alikes', async () => {
    const server = await scanned();
    const answer = await json<FindingsAnswer>(server.request('GET', `${AUDIT_BASE}/findings`));
    expect(answer.headline.hiddenNameCharacters).toBe(3);
    const finding = answer.findings.find(({ key }) => key === 'hidden-name-characters')!;
    expect(finding).toMatchObject({
      title: 'Hidden characters in names',
      rule: findingRules['hidden-name-characters'],
      count: 3,
    });
    expect(finding.groups.map(({ key, label, count }) => [key, label, count])).toEqual([
      ['U+200B', 'zero-width space (U+200B)', 2],
      ['look-alike', "look-alike of another field's name", 2],
      ['U+202E', 'right-to-left override (U+202E)', 1],
    ]);

    const all = await fieldsOf(server, 'hidden-name-characters');
    expect(all.results.map(({ id }) => id)).toEqual([1, 3, 6]);
    expect(all.notes).toEqual({
      1: 'the name holds right-to-left override (U+202E) at position 6',
      3: 'the name holds zero-width space (U+200B) at position 4; without its hidden characters it reads `Revenue`, as field 2 does',
      6: 'the name holds zero-width space (U+200B) at position 6; without its hidden characters it reads `Profit`, as field 7 does',
    });
    const lookAlikes = await fieldsOf(server, 'hidden-name-characters', 'look-alike');
    expect(lookAlikes.results.map(({ id }) => id)).toEqual([3, 6]);
  });

  it('groups as look-alikes the names the rename skips as such, and words them alike', async () => {
    const server = await scanned();
    const lookAlikes = await fieldsOf(server, 'hidden-name-characters', 'look-alike');
    const plan = await json<WorkflowPreview>(
      server.request('POST', workflowPaths.hiddenNames, {
        group: { finding: 'hidden-name-characters', key: 'U+200B' },
      }),
    );
    const skippedAsLookAlike = plan.items.filter(({ reason }) => reason?.includes('it reads'));
    expect(skippedAsLookAlike.map(({ id }) => id)).toEqual(lookAlikes.results.map(({ id }) => id));
    for (const { id, reason } of skippedAsLookAlike) {
      const note = lookAlikes.notes[id]!;
      expect(reason).toBe(
        `${note.slice(note.indexOf('; ') + 2)}: merge them, or rename it by hand`,
      );
    }
  });

  it("tells a field's drawer what its name hides", async () => {
    const server = await scanned();
    const answer = fieldFindingsAnswerSchema.parse(
      await json(server.request('GET', `${AUDIT_BASE}/fields/3/findings`)),
    );
    expect(answer.findings.find(({ key }) => key === 'hidden-name-characters')).toEqual({
      key: 'hidden-name-characters',
      title: 'Hidden characters in names',
      rule: findingRules['hidden-name-characters'],
      groups: [
        { key: 'U+200B', label: 'zero-width space (U+200B)' },
        { key: 'look-alike', label: "look-alike of another field's name" },
      ],
      note: 'the name holds zero-width space (U+200B) at position 4; without its hidden characters it reads `Revenue`, as field 2 does',
    });
  });

  it('lints hidden characters in expressions, each named where it stands, after its rule', async () => {
    const server = await scanned();
    const lint = await fieldsOf(server, 'lint', 'hidden-characters');
    expect(lint.results.map(({ id }) => id)).toEqual([5]);
    expect(lint.notes[5]).toBe(
      [
        'Hidden character: right-to-left override (U+202E) in a string at position 26: it changes the order the text around it is shown in',
        'Hidden character: left-to-right isolate (U+2066) in a comment at position 50: it changes the order the text around it is shown in',
      ].join('; '),
    );
  });
});
