import { afterAll, describe, expect, it } from 'vitest';
import type { FindingsAnswer } from '../../../contract/audit';
import { AUDIT_BASE } from '../../../contract/audit';
import { TOKEN_HEADER } from '../../../contract/paths';
import { fixtureInstance } from '../../test-support/fixture-instance';
import { startTestServer } from '../../test-support/test-server';
import { startScannedProxyAudit } from '../test-support/scanned-proxy-audit';

/** The fixture's owner the instance reports inactive. */
const DEPARTED = 103;

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

const ownedByDeparted = fixtureInstance.fields
  .filter((field) => field.owner === DEPARTED)
  .map((field) => field.id)
  .sort((a, b) => a - b);

type Ask = (
  method: string,
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: { results: Array<{ id: number }> } & FindingsAnswer }>;

/** The finding, its group named after the owner, and its drill-down: the departed owner's fields. */
async function expectInactiveOwnersFinding(ask: Ask, expectedIds: number[]) {
  const findings = (await ask('GET', `${AUDIT_BASE}/findings`)).body;
  const finding = findings.findings.find((each) => each.key === 'inactive-owners')!;
  expect(finding).toMatchObject({ title: 'Owned by inactive users', count: expectedIds.length });
  expect(finding.groups).toEqual([
    {
      key: String(DEPARTED),
      label: `Linus Torvalds (owner ${DEPARTED})`,
      count: expectedIds.length,
    },
  ]);
  const drilled = await ask('POST', `${AUDIT_BASE}/findings/inactive-owners/fields`, {
    filters: [],
    sort: { field: 'id', ascending: true },
    limit: 50,
    group: String(DEPARTED),
  });
  expect(drilled.status).toBe(200);
  expect(drilled.body.results.map((field) => field.id)).toEqual(expectedIds);
}

describe('the finding "owned by inactive users"', () => {
  it('embedded: from the owners the instance file marks inactive', async () => {
    const server = await startTestServer({ withAudit: true });
    closers.push(() => server.close());
    server.audit!.service.startScan(undefined);
    await server.audit!.service.scansSettled();
    const ask: Ask = async (method, path, body) => {
      const response = await server.request(method, path, body);
      return { status: response.status, body: await response.json() };
    };
    expect(ownedByDeparted.length).toBeGreaterThan(0);
    await expectInactiveOwnersFinding(ask, ownedByDeparted);
  });

  it("proxy: from the instance's users endpoint", async () => {
    const token = 'instance-token-1234';
    const { app, close } = await startScannedProxyAudit(token);
    closers.push(close);
    const ask: Ask = async (method, url, body) => {
      const response = await app.inject({
        method: method as 'GET' | 'POST',
        url,
        headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.statusCode, body: response.json() };
    };
    await expectInactiveOwnersFinding(ask, ownedByDeparted);
  });
});
