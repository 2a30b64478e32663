// kill -9 while locks are being written: every write the server acknowledged is
// there when the store is opened again, and the database is intact.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../contract/search';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { buildEmbeddedServer } from '../test-support/embedded-server';
import { openStore } from '../store/open-store';
import { startServiceProcess } from '../test-support/service-process';

const token = 'crash-test-token';
const fieldCount = 400;
const killAfterAcknowledged = 120;
const inFlight = 12;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-crash-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function call(url: string, method: string, path: string, body?: unknown) {
  return fetch(`${url}${path}`, {
    method,
    headers: {
      [TOKEN_HEADER]: token,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function lockedIds(url: string): Promise<Set<number>> {
  const response = await call(url, 'POST', apiPaths.search, {
    filters: [{ field: 'locked' }],
    sort: { field: 'id', ascending: true },
    limit: 5000,
  });
  const page = (await response.json()) as SearchResponse;
  return new Set(page.results.map((item) => item.id));
}

/**
 * The server over the store the killed process left, in this process: what the
 * service's next start opens (`openStore`), served over HTTP. Another process would
 * add a second of CPU and nothing this test checks.
 */
async function reopen(data: string) {
  const stores = openStore(data);
  const app = await buildEmbeddedServer(stores);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    close: async () => {
      await app.close();
      stores.close();
    },
  };
}

// A service process starts here: a busy machine needs more than the default time.
describe('kill -9 during writes', { timeout: 120_000 }, () => {
  it('keeps every acknowledged lock, and the database passes its integrity check', async () => {
    const data = join(dir, 'store.sqlite');
    const args = ['--data', data, '--demo-fields', String(fieldCount), '--demo-token', token];
    const first = startServiceProcess(args);
    const { url, token: printedToken } = await first.ready;
    // A new store's demo token is the one given with --demo-token.
    expect(printedToken).toBe(token);

    const alreadyLocked = await lockedIds(url);
    const targets = Array.from({ length: fieldCount }, (_, index) => index + 1).filter(
      (id) => !alreadyLocked.has(id),
    );
    const acknowledged: number[] = [];
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (!killed && next < targets.length) {
        const id = targets[next++]!;
        try {
          const response = await call(url, 'PUT', apiPaths.template(id), { locked: true });
          if (response.status === 200 && (await response.json()).locked === true) {
            acknowledged.push(id);
          }
        } catch {
          // The server died with this request in flight: it may or may not have been written.
        }
        if (!killed && acknowledged.length >= killAfterAcknowledged) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: inFlight }, writer));
    await first.stopped;
    expect(killed).toBe(true);
    expect(acknowledged.length).toBeGreaterThanOrEqual(killAfterAcknowledged);

    const database = new Database(data, { readonly: true });
    expect(database.pragma('integrity_check', { simple: true })).toBe('ok');
    database.close();

    const second = await reopen(data);
    try {
      const restarted = second.url;
      const locked = await lockedIds(restarted);
      const missing = acknowledged.filter((id) => !locked.has(id));
      expect(missing).toEqual([]);
      for (const id of acknowledged.slice(-5)) {
        const field = await (await call(restarted, 'GET', apiPaths.template(id))).json();
        expect(field.locked).toBe(true);
      }
    } finally {
      await second.close();
    }
  });
});
