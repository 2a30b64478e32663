import { setImmediate } from 'node:timers/promises';
import type { AuditStore } from '../storage/audit-store';
import { saveFieldVersion } from '../storage/save-field-version';
import type { FieldSource } from './field-source';
import { listEveryField } from './list-every-field';
import type { PhaseClock } from './phase-clock';

/**
 * Listed fields are recorded (and forgotten once read) this many at a time, other
 * requests answered in between. Each commit writes the pages it touched again: in an
 * audit file of 1,000,000 fields, keeping every field in parts of 1,000 took 4.9 to
 * 5.2 s of CPU, in parts of 5,000 3.4 to 3.8 s (about 18 ms a part).
 */
const LISTING_BATCH = 5000;
/** Fields read are written in batches of this size or this often, whichever comes first. */
const BATCH_SIZE = 50;
const BATCH_INTERVAL_MS = 250;

export interface ScanRun {
  store: AuditStore;
  scanId: number;
  source: FieldSource;
  signal: AbortSignal;
  /** Called whenever the stored progress moved. */
  onProgress: () => void;
  /** Times each phase. */
  clock: PhaseClock;
  now?: () => number;
}

/**
 * Runs one scan to the end of its reading (docs/audit.md, "Scans"): lists every
 * field, keeps those whose search result is unchanged, and reads the others. A
 * scan interrupted while reading (a restart, a crash) picks up the fields it has
 * not read yet; one interrupted while listing lists again. Completing the scan
 * (its headline, the instance as last seen) is the caller's.
 */
export async function runScan(run: ScanRun): Promise<void> {
  const { store, scanId, source, signal } = run;
  const time = <T>(phase: string, work: () => T | Promise<T>) => run.clock.time(phase, work);
  const counters = () => ({
    requests: source.counters.requests,
    retries: source.counters.retries,
  });
  const started = store.scans.get(scanId);
  if (!started) throw new Error(`no scan ${scanId}`);
  // Counters of a resumed scan carry on from what it had done.
  const base = { requests: started.progress.requests, retries: started.progress.retries };
  const progressNow = () => ({
    requests: base.requests + counters().requests,
    retries: base.retries + counters().retries,
  });

  let toRead: number[];
  if (started.phase === 'listing') {
    let listedAt: string | undefined;
    const listing = await time('listing', async () => {
      listedAt = await source.startListing?.(store.scans.latestCompleteListedAt());
      return listEveryField(source, signal, (listed) => {
        store.scans.setCounters(scanId, { listed, ...progressNow() });
        run.onProgress();
      });
    });
    signal.throwIfAborted();
    toRead = await time('recording the listing', () =>
      recordListing(store, scanId, listing.fields, listedAt),
    );
    store.scans.setCounters(scanId, { toRead: toRead.length, read: 0, ...progressNow() });
    run.onProgress();
  } else {
    toRead = store.members.unread(scanId);
  }
  await time('reading the changed fields', () => readFields(run, toRead, progressNow));
  await time('dropping the listing', () => dropListing(store, scanId));
}

/** Every listed field is read: the listing is not needed any more. */
async function dropListing(store: AuditStore, scanId: number): Promise<void> {
  while (store.members.dropListingPart(scanId, LISTING_BATCH) > 0) await setImmediate();
}

/**
 * What the listing found, a batch per transaction: one transaction of 100,000 rows
 * held the server for about half a second. Answers the ids left to read.
 */
async function recordListing(
  store: AuditStore,
  scanId: number,
  listed: ReadonlyArray<{ id: number; listingDigest: string }>,
  listedAt: string | undefined,
): Promise<number[]> {
  store.inTransaction(() => store.members.drop(scanId));
  const byId = [...listed].sort((a, b) => a.id - b.id);
  const unread: number[] = [];
  for (let start = 0; start < byId.length; start += LISTING_BATCH) {
    await setImmediate();
    const part = byId.slice(start, start + LISTING_BATCH);
    unread.push(...store.inTransaction(() => store.members.recordListed(scanId, part)));
  }
  store.scans.startReading(scanId, listed.length, listedAt);
  return unread;
}

async function readFields(
  run: ScanRun,
  ids: readonly number[],
  progressNow: () => { requests: number; retries: number },
): Promise<void> {
  const { store, scanId, source } = run;
  const now = run.now ?? Date.now;
  const scan = store.scans.get(scanId)!;
  let read = scan.progress.toRead - ids.length;
  // Fields read but not yet written: each batch is written in one transaction,
  // about ten times faster than a commit per field.
  let pending: Array<{ fieldId: number; raw: unknown }> = [];
  let lastFlush = now();
  const flush = () => {
    const batch = pending;
    pending = [];
    store.inTransaction(() => {
      let newBytes = 0;
      let newVersions = 0;
      const members = batch.map(({ fieldId, raw }) => {
        const saved = raw === undefined ? undefined : saveFieldVersion(store, raw);
        if (saved && saved.newBytes > 0) {
          newBytes += saved.newBytes;
          newVersions += 1;
        }
        // Gone since it was listed, or an answer that is not this field: it leaves the snapshot.
        return { fieldId, versionId: saved?.field.id === fieldId ? saved.versionId : undefined };
      });
      store.members.add(scanId, members);
      store.scans.addNewBytes(scanId, newBytes, newVersions);
      store.scans.setCounters(scanId, { read, ...progressNow() });
    });
    lastFlush = now();
    run.onProgress();
  };

  // The first failure stops the other readers, so nothing is written after it.
  const stop = new AbortController();
  const signal = AbortSignal.any([run.signal, stop.signal]);
  let next = 0;
  const reader = async () => {
    while (next < ids.length) {
      signal.throwIfAborted();
      const id = ids[next++]!;
      const raw = await source.readField(id, signal);
      signal.throwIfAborted();
      pending.push({ fieldId: id, raw });
      read += 1;
      if (pending.length >= BATCH_SIZE || now() - lastFlush >= BATCH_INTERVAL_MS) flush();
    }
  };
  const results = await Promise.allSettled(
    Array.from({ length: Math.max(1, source.concurrency) }, () =>
      reader().catch((error: unknown) => {
        stop.abort();
        throw error;
      }),
    ),
  );
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) {
    // What was read before the failure is kept, so a resumed scan need not read it again.
    flush();
    if (run.signal.aborted) throw run.signal.reason;
    throw (failure as PromiseRejectedResult).reason;
  }
  flush();
}
