import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChangeSetDetail } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { TOKEN_HEADER } from '../../contract/paths';
import type { WorkflowPreview } from '../../contract/workflows';
import { workflowPaths } from '../../contract/workflows';
import { openProxyAudit } from '../audit/open-audit';
import { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import { JournalStore } from '../journal/journal-store';
import { buildServer } from '../server/build-server';
import {
  DEPARTED,
  GRACE,
  handoverInstance,
  LOST_CARD,
  MARGARET,
} from '../test-support/handover-instance';
import { startProductionLikeUpstream } from '../test-support/production-like-upstream';
import type { TestServer } from '../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../test-support/test-server';

const closers: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

type Ask = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => Promise<T>;

interface Mode {
  ask: Ask;
  /** The field as the instance holds it now. */
  owner: (id: number) => number | undefined;
}

/** The instance has lost a card some fields are still saved on. */
function loseCard(instance: TestServer): void {
  const db = new Database(instance.dataFile);
  db.prepare('DELETE FROM cards WHERE id = ?').run(LOST_CARD);
  db.close();
}

async function embedded(): Promise<Mode> {
  const server = await startTestServer({
    instance: handoverInstance,
    withAudit: true,
    withJournal: true,
  });
  closers.push(() => server.close());
  loseCard(server);
  server.audit!.service.startScan(undefined);
  await server.audit!.service.scansSettled();
  return {
    ask: async (method, url, body) => {
      const answer = await server.request(method, url, body);
      expect(answer.status, url).toBeLessThan(300);
      return (await answer.json()) as never;
    },
    owner: (id) => server.stores.fields.getField(id)?.owner,
  };
}

async function proxy(options: { names: boolean }): Promise<Mode> {
  const instance = await startTestServer({ instance: handoverInstance });
  closers.push(() => instance.close());
  loseCard(instance);
  const upstream = await startProductionLikeUpstream({
    store: instance.stores.fields,
    ...(options.names && { directory: instance.stores.directory }),
    token: TEST_TOKEN,
  });
  closers.push(upstream.close);
  const dir = mkdtempSync(join(tmpdir(), 'cfm-handover-'));
  closers.push(() => rmSync(dir, { recursive: true, force: true }));
  const audit = openProxyAudit({
    file: join(dir, 'audit.sqlite'),
    upstream: new URL(upstream.url),
    timeoutMs: 5000,
    concurrency: 2,
    keep: 5,
  });
  const app: FastifyInstance = await buildServer({
    api: { kind: 'proxy', upstream: new URL(upstream.url), timeoutMs: 5000 },
    audit: { service: audit.service, snapshot: audit.snapshot, keep: 5 },
    journal: new JournalStore(audit.database!),
    failedAuthLimiter: new FailedAuthLimiter(1000),
  });
  closers.push(async () => {
    await app.close();
    await audit.close();
  });
  audit.service.startScan(TEST_TOKEN);
  await audit.service.scansSettled();
  return {
    ask: async (method, url, body) => {
      const answer = await app.inject({
        method,
        url,
        headers: { [TOKEN_HEADER]: TEST_TOKEN, 'content-type': 'application/json' },
        ...(body !== undefined && { payload: JSON.stringify(body) }),
      });
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      return answer.json();
    },
    owner: (id) => instance.stores.fields.getField(id)?.owner,
  };
}

async function finished(ask: Ask, id: number): Promise<ChangeSetDetail> {
  for (;;) {
    const detail = await ask<ChangeSetDetail>('GET', journalPaths.changeSet(id));
    if (detail.changeSet.state !== 'running') return detail;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const plan = (ask: Ask) => ask<WorkflowPreview>('POST', workflowPaths.handover, { from: DEPARTED });

describe.each([
  ['embedded', embedded],
  ['proxy', () => proxy({ names: true })],
])('hand-over by place, %s mode', (_mode, open) => {
  it('routes each field to the owner of where it is saved, or says why not, then applies and reads each back', async () => {
    const { ask, owner } = await open();
    const before = await plan(ask);
    expect(
      before.items.map(({ id, action, place, to, rule, reason }) => ({
        id,
        action,
        place,
        to,
        rule,
        reason,
      })),
    ).toEqual([
      {
        id: 1,
        action: 'change',
        place: 'Sales Orders',
        to: 'Grace Hopper',
        rule: "the data source's owner",
      },
      // Saved on the card: its data-source link is not visible.
      {
        id: 2,
        action: 'change',
        place: 'Revenue by Region',
        to: 'Margaret Hamilton',
        rule: "the card's owner",
      },
      {
        id: 3,
        action: 'skip',
        place: 'Support Tickets',
        reason: 'cannot be routed: the owner of Support Tickets, Linus Torvalds, is inactive too',
      },
      { id: 4, action: 'skip', place: 'Ledger', reason: 'cannot be routed: Ledger has no owner' },
      {
        id: 5,
        action: 'skip',
        place: 'Open Tickets',
        reason: 'cannot be routed: Open Tickets has no owner',
      },
      { id: 6, action: 'skip', reason: 'cannot be routed: it is saved on no data source or card' },
      {
        id: 7,
        action: 'skip',
        place: `card ${LOST_CARD}`,
        reason: `cannot be routed: the instance does not know card ${LOST_CARD}`,
      },
      { id: 8, action: 'skip', place: 'Sales Orders', reason: 'locked: unlock it first' },
      {
        id: 10,
        action: 'skip',
        place: 'Archive',
        reason: 'cannot be routed: Archive is owned by Ada Lovelace too',
      },
    ]);

    const started = await ask<{ id: number }>('POST', journalPaths.changeSets, {
      kind: 'handover',
      items: before.changes,
    });
    const detail = await finished(ask, started.id);
    expect(detail.items.map((item) => [item.fieldId, item.state, item.after?.owner])).toEqual([
      [1, 'applied', GRACE],
      [2, 'applied', MARGARET],
    ]);
    // Read again from the instance: handed over, and nothing else moved.
    expect([1, 2, 3, 9].map(owner)).toEqual([GRACE, MARGARET, DEPARTED, GRACE]);
    const after = await plan(ask);
    expect(after.items.map((item) => item.id)).toEqual([3, 4, 5, 6, 7, 8, 10]);
  });
});

describe('hand-over by place against an instance without the names endpoints', () => {
  it('routes nothing, and says the instance names no owners', async () => {
    const { ask } = await proxy({ names: false });
    const answer = await plan(ask);
    expect(answer.changes).toEqual([]);
    expect(answer.items.find((item) => item.id === 1)!.reason).toBe(
      'cannot be routed: the instance names no owners of data sources',
    );
    expect(answer.items.find((item) => item.id === 2)!.reason).toBe(
      'cannot be routed: the instance names no owners of cards',
    );
  });
});
