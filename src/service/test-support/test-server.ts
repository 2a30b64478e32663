import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TOKEN_HEADER } from '../../contract/paths';
import type { OpenedAudit } from '../audit/open-audit';
import { openEmbeddedAudit } from '../audit/open-audit';
import { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import { importInstance } from '../instance/import-instance';
import type { OpenedJournalStore } from '../journal/open-journal-store';
import { openEmbeddedJournalStore } from '../journal/open-journal-store';
import { buildServer } from '../server/build-server';
import type { Stores } from '../store/open-store';
import { openStore } from '../store/open-store';
import { fixtureInstance } from './fixture-instance';

export const TEST_TOKEN = 'test-token-for-contract-tests';

export interface TestServer {
  url: string;
  dataFile: string;
  stores: Stores;
  app: FastifyInstance;
  /** The audit of the store, when asked for with `withAudit`. */
  audit?: OpenedAudit;
  /** The journal's tables, when asked for with `withJournal`. */
  journal?: OpenedJournalStore;
  /** fetch against the server with the token header and JSON body. */
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
  /** Closes the server and the store, and opens both again on the same file. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  instance?: unknown;
  webRoot?: string;
  now?: () => number;
  failedAuthLimiter?: FailedAuthLimiter;
  /** Leaves out the directory extension, as a real instance does. */
  withoutDirectory?: boolean;
  /** Serves the audit API too, over an audit file beside the store (no scan is started). */
  withAudit?: boolean;
  /** Serves the journal API too, its tables in the store's file. */
  withJournal?: boolean;
}

/** A real server on a temporary SQLite file, listening on a free loopback port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'cfm-test-'));
  const dataFile = join(dir, 'store.sqlite');
  const seed = openStore(dataFile);
  const report = importInstance(
    seed.fields,
    options.instance ?? fixtureInstance,
    Date.UTC(2026, 0, 1),
  );
  if (report.refusals.length > 0)
    throw new Error(`fixture refused: ${JSON.stringify(report.refusals)}`);
  seed.tokens.addToken('test', TEST_TOKEN, Date.now());
  seed.close();

  const server = {} as TestServer;
  const open = async () => {
    server.stores = openStore(dataFile);
    server.audit = options.withAudit
      ? openEmbeddedAudit({
          file: join(dir, 'audit.sqlite'),
          storeFile: dataFile,
          directory: server.stores.directory,
          keep: 30,
        })
      : undefined;
    server.journal = options.withJournal ? openEmbeddedJournalStore(dataFile) : undefined;
    server.app = await buildServer({
      api: {
        kind: 'embedded',
        store: server.stores.fields,
        directory: options.withoutDirectory ? undefined : server.stores.directory,
        tokens: server.stores.tokens,
        now: options.now,
      },
      webRoot: options.webRoot,
      failedAuthLimiter: options.failedAuthLimiter ?? new FailedAuthLimiter(1000),
      audit: server.audit && { service: server.audit.service, keep: 30 },
      journal: server.journal?.store,
    });
    server.url = await server.app.listen({ host: '127.0.0.1', port: 0 });
  };
  const shut = async () => {
    await server.app.close();
    await server.audit?.close();
    server.journal?.close();
    server.stores.close();
  };
  await open();
  server.dataFile = dataFile;
  server.request = (method, path, body, headers = {}) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        [TOKEN_HEADER]: TEST_TOKEN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  server.restart = async () => {
    await shut();
    await open();
  };
  server.close = async () => {
    await shut();
    rmSync(dir, { recursive: true, force: true });
  };
  return server;
}
