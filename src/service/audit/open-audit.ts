import { AuditService } from './audit-service';
import type { DirectoryStore } from '../store/directory-store';
import { UpstreamClient } from '../upstream/upstream-client';
import type { RetryPolicy } from '../upstream/retry-policy';
import { directoryOfScan } from './directory/directory-of-scan';
import { readWholeDirectory } from './directory/read-whole-directory';
import { SnapshotRefresher } from './snapshot/snapshot-refresher';
import { StoreFileSource } from './scan/store-file-source';
import { UpstreamSource } from './scan/upstream-source';
import { AuditStore } from './storage/audit-store';
import type { AuditDb } from './storage/open-audit-database';
import { openAuditDatabase } from './storage/open-audit-database';

export const DEFAULT_KEEP_SCANS = 30;
export const DEFAULT_SCAN_CONCURRENCY = 4;

interface Common {
  /** The audit's SQLite file. */
  file: string;
  keep: number;
}

export interface EmbeddedAuditOptions extends Common {
  /** The store's SQLite file, which scans read on the audit's worker thread. */
  storeFile: string;
  directory?: DirectoryStore;
}

export interface ProxyAuditOptions extends Common {
  upstream: URL;
  heldToken?: string;
  timeoutMs: number;
  concurrency: number;
  retry?: Partial<RetryPolicy>;
  /** How often a search asks the instance what changed, at most. */
  refreshEveryMs?: number;
  /** How long a search before the first scan waits for the list copy (docs/proxy.md); 3 s. */
  firstSearchWaitsMs?: number;
  /** The clock that spaces refreshes. */
  now?: () => number;
}

export interface OpenedAudit {
  service: AuditService;
  /** Proxy mode: keeps the snapshot fresh for the table's searches (docs/proxy.md). */
  snapshot?: SnapshotRefresher;
  /** Proxy mode: the audit's file, where the journal keeps its change sets too (docs/api.md). */
  database?: AuditDb;
  /** Stops the running scan (it resumes at the next start) and closes the file. */
  close(): Promise<void>;
}

/** The audit of this server's own store. */
export function openEmbeddedAudit(options: EmbeddedAuditOptions): OpenedAudit {
  const db = openAuditDatabase(options.file);
  const { directory } = options;
  const service = new AuditService({
    store: new AuditStore(db, options.file, 'embedded'),
    keep: options.keep,
    needsCallerToken: false,
    openSource: () => new StoreFileSource(options.storeFile),
    loadDirectory: async (_token, _signal, seen) =>
      directory &&
      directoryOfScan(
        await readWholeDirectory((kind, offset, limit) =>
          directory.answer({ form: 'list', kind, name: '', offset, limit }),
        ),
        seen,
        {
          users: async (ids) =>
            directory.users(ids).map((user) => ({ ...user, active: user.detail.active })),
          places: {
            dataSources: async (ids) => directory.dataSources(ids),
            cards: async (ids) =>
              directory.cards(ids, true).map((card) => ({
                ...card,
                owners: (card.owners ?? []).map((owner) => owner.id),
              })),
          },
        },
      ),
  });
  return { service, close: closer(service, db) };
}

/**
 * The audit of an instance behind the proxy, kept under the instance's address so
 * that one file can hold several instances' scans without mixing them.
 */
export function openProxyAudit(options: ProxyAuditOptions): OpenedAudit {
  const db = openAuditDatabase(options.file);
  const clientFor = (token: string | undefined, onWait?: (message: string | undefined) => void) =>
    new UpstreamClient({
      upstream: options.upstream,
      token: options.heldToken ?? token ?? '',
      timeoutMs: options.timeoutMs,
      retry: options.retry,
      onWait,
    });
  const service = new AuditService({
    store: new AuditStore(
      db,
      options.file,
      `${options.upstream.origin}${options.upstream.pathname.replace(/\/+$/, '')}`,
    ),
    keep: options.keep,
    needsCallerToken: options.heldToken === undefined,
    openSource: (token, onWait) =>
      new UpstreamSource(clientFor(token, onWait), options.concurrency),
    loadDirectory: async (token, signal, seen) => {
      const client = clientFor(token);
      const directory = await readWholeDirectory((kind, offset, limit) =>
        client.directoryPage(kind, offset, limit, signal),
      );
      return directoryOfScan(directory, seen, {
        users: (ids) => client.users(ids, signal),
        places: {
          dataSources: (ids) => client.dataSourceOwners(ids, signal),
          cards: (ids) => client.cardOwners(ids, signal),
        },
      });
    },
  });
  const snapshot = new SnapshotRefresher({
    service,
    clientFor: (token) => clientFor(token),
    concurrency: options.concurrency,
    refreshEveryMs: options.refreshEveryMs,
    firstSearchWaitsMs: options.firstSearchWaitsMs,
    now: options.now,
  });
  return { service, snapshot, database: db, close: closer(service, db, snapshot) };
}

function closer(service: AuditService, db: { close(): void }, snapshot?: SnapshotRefresher) {
  return async () => {
    await snapshot?.close();
    await service.close();
    db.close();
  };
}
