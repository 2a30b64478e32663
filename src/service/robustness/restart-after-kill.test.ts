// kill -9 after some locks: the next start reads the search index saved while the
// server ran and replays the locks counted after it, answering as SQL does; and a
// SIGTERM ends the server at once, with nothing heavy left to do at stop.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths, TOKEN_HEADER } from '../../contract/paths';
import type { NormalizedSearchRequest } from '../../contract/search-validation';
import { openStore } from '../store/open-store';
import { SqliteFieldStore } from '../store/sqlite/sqlite-field-store';
import { SqlSearchOracle } from '../test-support/sql-search-oracle';
import { startServiceProcess } from '../test-support/service-process';

const token = 'restart-test-token';
const fieldCount = 300;

/** Searches that read the flags and the last-modified order the locks move. */
const requests: NormalizedSearchRequest[] = [
  {
    filters: [{ kind: 'flag', flag: 'locked', negated: false }],
    sort: { field: 'lastModified', ascending: false },
    limit: 5000,
  },
  {
    filters: [{ kind: 'flag', flag: 'locked', negated: true }],
    sort: { field: 'name', ascending: true },
    limit: 100,
    offset: 20,
  },
  { filters: [], sort: { field: 'lastModified', ascending: true }, limit: 5000 },
];

let dir: string;
const started: Array<ReturnType<typeof startServiceProcess>> = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cfm-restart-'));
});
afterAll(() => {
  for (const server of started) server.child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

function start(args: string[]) {
  const server = startServiceProcess(args);
  started.push(server);
  return server;
}

function post(url: string, path: string, body: unknown) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { [TOKEN_HEADER]: token, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

// Service processes start here: a busy machine needs more than the default time.
describe('a restart after kill -9', { timeout: 120_000 }, () => {
  it('reads the index saved while the server ran and replays the locks made after it', async () => {
    const data = join(dir, 'store.sqlite');
    const args = ['--data', data, '--demo-fields', String(fieldCount), '--demo-token', token];
    const killed = start(args);
    const { url } = await killed.ready;
    await vi.waitFor(() => expect(existsSync(`${data}.index`)).toBe(true), { timeout: 20_000 });
    for (const ids of [[3, 30, 150], [4, 40], [3]]) {
      const locked = ids.length > 1;
      const update = ids.map((id) => ({ id, locked }));
      expect((await post(url, apiPaths.bulkTemplate, { update })).status).toBe(200);
    }
    killed.child.kill('SIGKILL');
    await killed.stopped;

    const builds = vi.spyOn(SqliteFieldStore.prototype, 'loadIndexColumns');
    const stores = openStore(data);
    const db = new Database(data, { readonly: true });
    try {
      const oracle = new SqlSearchOracle(db);
      const ours = requests.map((request) => stores.fields.search(request));
      expect(builds).not.toHaveBeenCalled();
      expect(ours).toEqual(requests.map((request) => oracle.search(request)));
      expect(ours[0]!.totalHits).toBeGreaterThanOrEqual(4);
    } finally {
      db.close();
      stores.close();
      builds.mockRestore();
    }
  });

  it('stops within 2 s of SIGTERM', async () => {
    const data = join(dir, 'store.sqlite');
    const server = start(['--data', data]);
    const { url } = await server.ready;
    const update = [5, 6].map((id) => ({ id, locked: true }));
    expect((await post(url, apiPaths.bulkTemplate, { update })).status).toBe(200);
    const signalledAt = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.stopped).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(2000);
  });
});
