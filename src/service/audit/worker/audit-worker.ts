// The audit's worker thread (audit-thread.ts starts it): runs scans, diffs and the
// findings of the instance as last seen on its own connection to the audit file, so that none of that work holds the thread that
// answers requests. An embedded scan reads the store's file through a connection of its
// own too. What only the server has (a proxied instance's fields, the names, the
// instance as last seen) it asks the server for.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { diffScans } from '../diff/diff-scans';
import { computeFindings } from '../findings/compute-findings';
import { directoryFromJson } from '../findings/instance-directory';
import { loadFactsTable } from '../findings/load-facts';
import type { FieldSource, ListedPage } from '../scan/field-source';
import { readsTogether } from '../scan/reads-together';
import type { ScanFound } from '../scan/scan-to-end';
import { scanToEnd } from '../scan/scan-to-end';
import { StoreFileSource } from '../scan/store-file-source';
import { AuditStore } from '../storage/audit-store';
import { openScanConnection } from '../storage/open-audit-database';
import { buffersAhead } from './buffers-ahead';
import { findingsToSend } from './findings-between-threads';
import { sharedOneByOne } from './shared-instead';
import type {
  AuditWorkerData,
  Counted,
  FromWorker,
  ScanCall,
  ToWorker,
  WorkerJob,
} from './audit-worker-messages';

/** Fields asked for in one message: a message per field cost the server a turn of its loop each. */
const READS_PER_CALL = 50;

// This thread only: when the cores are busy, the thread that answers requests goes first.
setPriority(10);

const port = parentPort!;
const { file, instanceKey } = workerData as AuditWorkerData;
const store = new AuditStore(openScanConnection(file), file, instanceKey);

const send = (message: FromWorker) => port.postMessage(message);
const cancels = new Map<number, AbortController>();
const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
let lastCall = 0;

function ask<T>(job: number, method: ScanCall, ...args: unknown[]): Promise<T> {
  const call = ++lastCall;
  return new Promise<T>((resolve, reject) => {
    waiting.set(call, { resolve: resolve as (value: unknown) => void, reject });
    port.postMessage({ type: 'call', job, call, method, args } satisfies FromWorker);
  });
}

/**
 * The server's source, read through messages: its listing keys come with each page,
 * and the fields asked for on one turn are asked for together, READS_PER_CALL a message.
 */
function remoteSource(job: Extract<WorkerJob, { type: 'scan' }>): FieldSource {
  const keys = new WeakMap<object, unknown>();
  const counters = { requests: 0, retries: 0 };
  const counted = async <T>(answer: Promise<Counted<T>>) => {
    const { value, counters: now } = await answer;
    Object.assign(counters, now);
    return value;
  };
  // At most READS_PER_CALL fields a message, so the server starts on the next message's
  // fields as the slots that finished this one's come free.
  const read = readsTogether(
    (ids) => counted(ask<Counted<unknown[]>>(job.job, 'readFields', ids)),
    READS_PER_CALL,
  );
  return {
    pageSize: job.pageSize,
    // As many readers as one message asks for, for each the server's source allows.
    concurrency: job.concurrency * READS_PER_CALL,
    counters,
    startListing: (since) => ask<string | undefined>(job.job, 'startListing', since),
    async listPage(offset, signal) {
      signal.throwIfAborted();
      const page = await counted(
        ask<Counted<ListedPage & { keys: unknown[] }>>(job.job, 'listPage', offset),
      );
      page.items.forEach((item, position) => {
        if (typeof item === 'object' && item !== null) keys.set(item, page.keys[position]);
      });
      return { totalHits: page.totalHits, items: page.items, unchanged: page.unchanged };
    },
    listingKey: (item) => (typeof item === 'object' && item !== null ? keys.get(item) : undefined),
    readField(id, signal) {
      signal.throwIfAborted();
      return read(id);
    },
  };
}

/**
 * The findings and their summary, sent to the server as data (the reader of
 * expressions stays here), their large parts in typed arrays
 * (findings-between-threads.ts), each buffer ahead of the rest in a message of its
 * own (buffers-ahead.ts), shared rather than moved (shared-instead.ts). `found` is not
 * read here after: its arrays are left empty.
 */
async function sendFound(job: number, found: ScanFound): Promise<void> {
  if (found === 'as-last-seen') return ask(job, 'completed', found);
  const { rest, buffers } = buffersAhead(findingsToSend(found));
  for (const shared of sharedOneByOne(buffers)) await ask(job, 'buffer', shared);
  return ask(job, 'completed', rest);
}

async function run(job: WorkerJob): Promise<unknown> {
  if (job.type === 'findings') {
    const kept = store.directory.read();
    const findings = computeFindings(
      loadFactsTable(store, store.current.facts()),
      (ids) => store.current.expressions(ids),
      kept === undefined ? undefined : directoryFromJson(kept),
    );
    return sendFound(job.job, findings);
  }
  if (job.type === 'diff') {
    const { from, to } = job;
    return diffScans(store, store.members.versions(from), store.members.versions(to), { from, to });
  }
  const cancel = new AbortController();
  cancels.set(job.job, cancel);
  // The store's file is read here; any other source, by message.
  const storeFile = job.storeFile === undefined ? undefined : new StoreFileSource(job.storeFile);
  try {
    return await scanToEnd({
      store,
      scanId: job.scanId,
      source: storeFile ?? remoteSource(job),
      signal: cancel.signal,
      retention: job.retention,
      hooks: {
        onProgress: () => void ask(job.job, 'progress'),
        refreshDirectory: (seen) => ask(job.job, 'refreshDirectory', seen),
        headlineAsLastSeen: () => ask(job.job, 'headlineAsLastSeen'),
        completed: (found) => sendFound(job.job, found),
      },
    });
  } finally {
    storeFile?.close();
    cancels.delete(job.job);
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'reply') {
    const call = waiting.get(message.call);
    waiting.delete(message.call);
    if (message.error === undefined) call?.resolve(message.value);
    else call?.reject(new Error(message.error));
  } else if (message.type === 'cancel') {
    cancels.get(message.job)?.abort();
  } else {
    run(message).then(
      (value) => send({ type: 'done', job: message.job, value }),
      (error: unknown) =>
        send({
          type: 'done',
          job: message.job,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
  }
});
