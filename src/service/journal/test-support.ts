import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import { buildServer } from '../server/build-server';
import { JournalStore } from './journal-store';
import type { CalculatedField } from '../../contract/field';
import type { ChangeSetDetail, ChangeSetRequest } from '../../contract/journal';
import { journalPaths } from '../../contract/journal';
import { apiPaths } from '../../contract/paths';
import type { TestServer } from '../test-support/test-server';

/** The journal's calls as the app makes them, against a test server. */
export function journalClient(server: TestServer, headers: Record<string, string> = {}) {
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const response = await server.request(method, path, body, headers);
    return { status: response.status, body: (await response.json()) as T };
  };
  const client = {
    call,
    field: async (id: number) => {
      const response = await server.request('GET', apiPaths.template(id));
      return response.status === 200 ? ((await response.json()) as CalculatedField) : undefined;
    },
    plan: (request: ChangeSetRequest) =>
      call<Record<string, unknown>>('POST', journalPaths.plans, request),
    start: (request: ChangeSetRequest) =>
      call<{ id: number; state: string }>('POST', journalPaths.changeSets, request),
    detail: (id: number) => call<ChangeSetDetail>('GET', journalPaths.changeSet(id)),
    /** Reads a set until it is no longer running. */
    finished: async (id: number): Promise<ChangeSetDetail> => {
      for (;;) {
        const { body } = await client.detail(id);
        if (body.changeSet.state !== 'running') return body;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    /** Records and runs a set, and answers it finished. */
    run: async (request: ChangeSetRequest) => {
      const started = await client.start(request);
      if (started.status !== 202) throw new Error(`not started: ${JSON.stringify(started.body)}`);
      return client.finished(started.body.id);
    },
    undo: (id: number, dryRun = false) =>
      call<{
        changeSet: { id: number } | null;
        plan: { items: Array<Record<string, unknown>> } | null;
      }>('POST', journalPaths.undo(id), { dryRun }),
  };
  return client;
}

/** A proxy in front of `upstream` with a journal in a file of its own, and how to end both. */
export async function startJournalProxy(
  upstream: string,
): Promise<{ proxy: FastifyInstance; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'cfm-journal-proxy-'));
  const db = new Database(join(dir, 'journal.sqlite'));
  const proxy = await buildServer({
    api: { kind: 'proxy', upstream: new URL(upstream), timeoutMs: 5000 },
    journal: new JournalStore(db),
    failedAuthLimiter: new FailedAuthLimiter(1000),
  });
  return {
    proxy,
    close: async () => {
      await proxy.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
