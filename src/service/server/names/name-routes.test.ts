import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namePaths } from '../../../contract/names';
import { TOKEN_HEADER } from '../../../contract/paths';
import { importInstance } from '../../instance/import-instance';
import { fixtureInstance, SALES, SALES_CARD, TICKETS } from '../../test-support/fixture-instance';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../../test-support/test-server';
import { buildServer } from '../build-server';

let instance: TestServer;
let proxy: FastifyInstance;

beforeAll(async () => {
  instance = await startTestServer();
  proxy = await buildServer({ api: { kind: 'proxy', upstream: new URL(instance.url) } });
});
afterAll(async () => {
  await proxy.close();
  await instance.close();
});

type Ask = (
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
) => Promise<{ status: number; json: () => unknown }>;

const asking =
  (app: () => FastifyInstance): Ask =>
  async (method, url, body, token = TEST_TOKEN) => {
    const response = await app().inject({
      method,
      url,
      headers: {
        ...(token && { [TOKEN_HEADER]: token }),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.statusCode, json: () => response.json() };
  };

describe.each([
  ['embedded', asking(() => instance.app)],
  ['proxy', asking(() => proxy)],
])("production's name endpoints, %s mode", (_mode, ask) => {
  it('names users with their active flag, leaving out ids the instance does not know', async () => {
    const answer = await ask('GET', `${namePaths.users}?id=103,999,101&includeDetails=true`);
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual([
      { id: 103, displayName: 'Linus Torvalds', detail: { active: false } },
      { id: 101, displayName: 'Ada Lovelace', detail: { active: true } },
    ]);
  });

  it('names cards, with owners when asked for', async () => {
    const metadata = await ask(
      'GET',
      `${namePaths.cards}?urns=${SALES_CARD},dr:9:9&parts=metadata`,
    );
    expect(metadata.json()).toEqual([{ id: SALES_CARD, title: 'Revenue by Region' }]);
    const owners = await ask('GET', `${namePaths.cards}?urns=${SALES_CARD}&parts=metadata,owners`);
    expect(owners.json()).toEqual([
      {
        id: SALES_CARD,
        title: 'Revenue by Region',
        owners: [{ id: 102, type: 'USER', displayName: 'Grace Hopper' }],
      },
    ]);
  });

  it('names data sources from a JSON array of ids, with their owners where known', async () => {
    const answer = await ask('POST', `${namePaths.dataSources}?part=core`, [TICKETS, SALES]);
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({
      dataSources: [
        { id: TICKETS, name: 'Support Tickets' },
        { id: SALES, name: 'Sales Orders', owner: 101 },
      ],
    });
  });

  it.each([
    [
      'GET',
      `${namePaths.users}?id=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      undefined,
      /at most|1 to 100/,
    ],
    ['GET', `${namePaths.users}?id=1,abc`, undefined, /numeric user ids/],
    ['GET', `${namePaths.users}?id=1&password=x`, undefined, /remove/],
    ['GET', `${namePaths.cards}?urns=a/b`, undefined, /card ids/],
    ['POST', `${namePaths.dataSources}?part=core`, { ids: [SALES] }, /JSON array/],
    ['POST', `${namePaths.dataSources}?part=all`, [SALES], /part must be core/],
    [
      'POST',
      `${namePaths.dataSources}?part=core`,
      Array.from({ length: 101 }, (_, i) => `ds-${i}`),
      /at most 100/,
    ],
  ] as const)('refuses %s %s with a 400 naming the problem', async (method, url, body, message) => {
    const answer = await ask(method, url, body);
    expect(answer.status).toBe(400);
    expect((answer.json() as { message: string }).message).toMatch(message);
  });

  it('answers 401 without a token or with a wrong one, and names nothing', async () => {
    for (const token of ['', 'not-a-token']) {
      const answer = await ask('GET', `${namePaths.users}?id=101`, undefined, token);
      expect(answer.status).toBe(401);
      expect(JSON.stringify(answer.json())).not.toContain('Ada');
    }
  });
});

describe('names through the proxy', () => {
  it('are kept for a minute: a renamed owner shows its old name until then, for a token the instance accepted', async () => {
    const ask = asking(() => proxy);
    const before = await ask('GET', `${namePaths.users}?id=102&includeDetails=true`);
    expect(before.json()).toEqual([
      { id: 102, displayName: 'Grace Hopper', detail: { active: true } },
    ]);
    const report = importInstance(
      instance.stores.fields,
      { ...fixtureInstance, owners: [{ id: 102, name: 'Grace B. Hopper' }], fields: [] },
      Date.now(),
    );
    expect(report.refusals).toEqual([]);
    const cached = await ask('GET', `${namePaths.users}?id=102&includeDetails=true`);
    expect(cached.json()).toEqual(before.json());
    // Asked together with an id not yet kept: only that id is put to the instance.
    const mixed = await ask('GET', `${namePaths.users}?id=102,101&includeDetails=true`);
    expect((mixed.json() as Array<{ id: number }>).map((user) => user.id)).toEqual([102, 101]);
  });

  it('gives a token the instance has not accepted nothing from what it keeps', async () => {
    const ask = asking(() => proxy);
    const url = `${namePaths.users}?id=102&includeDetails=true`;
    expect((await ask('GET', url)).status).toBe(200);
    const refused = await ask('GET', url, undefined, 'someone-else');
    expect(refused.status).toBe(401);
    expect(JSON.stringify(refused.json())).not.toContain('Hopper');
  });
});
