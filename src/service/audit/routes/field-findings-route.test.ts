import { afterEach, describe, expect, it } from 'vitest';
import type { FieldFindingsAnswer } from '../../../contract/audit';
import { AUDIT_BASE, fieldFindingsAnswerSchema, findingRules } from '../../../contract/audit';
import { apiPaths, TOKEN_HEADER } from '../../../contract/paths';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../../test-support/test-server';
import { fixtureInstance } from '../../test-support/fixture-instance';
import { findingsInstance, SALES } from '../test-support/findings-instance';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function auditedServer(instance: unknown = findingsInstance): Promise<TestServer> {
  const server = await startTestServer({ instance, withAudit: true });
  servers.push(server);
  return server;
}

const get = (server: TestServer, url: string) =>
  server.app.inject({ method: 'GET', url, headers: { [TOKEN_HEADER]: TEST_TOKEN } });

async function findingsOf(server: TestServer, id: number): Promise<FieldFindingsAnswer> {
  const response = await get(server, `${AUDIT_BASE}/fields/${id}/findings`);
  expect(response.statusCode, response.body).toBe(200);
  return fieldFindingsAnswerSchema.parse(response.json());
}

async function scanned(instance?: unknown): Promise<TestServer> {
  const server = await auditedServer(instance);
  server.audit!.service.startScan(undefined);
  await server.audit!.service.scansSettled();
  return server;
}

describe('GET /fields/{id}/findings', () => {
  it('before the first scan says so, and refuses an id that is not one', async () => {
    const server = await auditedServer();
    const before = await get(server, `${AUDIT_BASE}/fields/7/findings`);
    expect(before.statusCode).toBe(404);
    expect(before.json()).toMatchObject({ message: expect.stringContaining('no scan') });

    for (const id of ['0', '07', 'x', '1e3']) {
      const refused = await get(server, `${AUDIT_BASE}/fields/${id}/findings`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ status: 400, message: expect.any(String) });
    }
  });

  it('traces a broken dependency to the INVALID field, its first problem and position', async () => {
    const server = await scanned();
    const answer = await findingsOf(server, 7);
    expect(answer).toMatchObject({ fieldId: 7, seen: true });
    expect(answer.findings.map((finding) => finding.key)).toEqual([
      'unused',
      'nested',
      'broken-dependencies',
    ]);
    const dependency = answer.findings.find((finding) => finding.key === 'broken-dependencies')!;
    expect(dependency).toMatchObject({
      title: 'Broken dependencies',
      rule: findingRules['broken-dependencies'],
      groups: [{ key: '6', label: 'depend on `Broken Syntax`' }],
      cause: {
        kind: 'dependency',
        broken: { id: 6, name: 'Broken Syntax', status: 'INVALID' },
        through: [],
        problem: { message: "missing ')' to close the '(' at position 3", position: 3 },
      },
    });
    const unused = answer.findings.find((finding) => finding.key === 'unused')!;
    expect(unused).toMatchObject({ rule: findingRules.unused, groups: [] });
  });

  it("says what a field's broken reference lacks in its group's words, the data source named", async () => {
    const server = await scanned();
    const broken = (await findingsOf(server, 8)).findings.find(
      (finding) => finding.key === 'broken-references',
    )!;
    const label = '`Profit` missing from data source Sales Orders';
    expect(broken.groups.map((group) => group.label)).toEqual([label]);
    expect(broken.note).toBe(label);
  });

  it('names what a broken reference lacks, and the other fields of a duplicate group', async () => {
    const server = await scanned();
    const usesProfit = await findingsOf(server, 15);
    expect(
      usesProfit.findings.find((finding) => finding.key === 'broken-dependencies')?.cause,
    ).toEqual({
      kind: 'dependency',
      broken: { id: 8, name: 'Profit A', status: 'VALID' },
      through: [],
      problem: { message: '`Profit` missing from data source Sales Orders' },
    });

    const dup = await findingsOf(server, 10);
    expect(dup.findings.find((finding) => finding.key === 'exact-duplicates')?.cause).toEqual({
      kind: 'others',
      fields: [{ id: 11, name: 'Dup Two', status: 'VALID' }],
      more: 0,
    });
    expect(dup.findings.find((finding) => finding.key === 'near-duplicates')?.cause).toEqual({
      kind: 'others',
      fields: [
        { id: 11, name: 'Dup Two', status: 'VALID' },
        { id: 12, name: 'Near One', status: 'VALID' },
      ],
      more: 0,
    });
  });

  it('follows the instance as last seen: a field it lacks is not seen, a lock moves the version', async () => {
    const server = await scanned();
    expect(await findingsOf(server, 999)).toMatchObject({ seen: false, findings: [] });

    const before = await findingsOf(server, 7);
    const locked = await server.app.inject({
      method: 'PUT',
      url: apiPaths.template(7),
      headers: { [TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' },
      payload: JSON.stringify({ locked: true }),
    });
    expect(locked.statusCode).toBe(200);
    const after = await findingsOf(server, 7);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.findings).toEqual(before.findings);
  });

  it('takes any finding: an owner who has left is named by the group', async () => {
    const server = await scanned(fixtureInstance);
    const departed = fixtureInstance.fields.find((field) => field.owner === 103)!;
    const answer = await findingsOf(server, departed.id);
    expect(answer.findings.find((finding) => finding.key === 'inactive-owners')).toEqual({
      key: 'inactive-owners',
      title: 'Owned by inactive users',
      rule: findingRules['inactive-owners'],
      groups: [{ key: '103', label: 'Linus Torvalds (owner 103)' }],
    });
  });

  it('traces a dependency through the fields between, as a field created through the server nests them', async () => {
    const server = await scanned();
    const created = await server.app.inject({
      method: 'POST',
      url: apiPaths.templates,
      headers: { [TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'Uses Uses Broken',
        owner: 101,
        expression: 'SERVICE_BEAST_MODE(7) + 1',
        links: [{ resource: { type: 'DATA_SOURCE', id: SALES }, visible: true, active: true }],
        dataType: 'DECIMAL',
      }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json<{ id: number }>();
    const answer = await findingsOf(server, id);
    expect(answer.findings.find((finding) => finding.key === 'broken-dependencies')?.cause).toEqual(
      {
        kind: 'dependency',
        broken: { id: 6, name: 'Broken Syntax', status: 'INVALID' },
        through: [{ id: 7, name: 'Uses Broken', status: 'VALID' }],
        problem: { message: "missing ')' to close the '(' at position 3", position: 3 },
      },
    );
  });
});
