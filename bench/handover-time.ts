// The findings handed over from the audit's thread to the thread that answers requests,
// as after a scan (worker/findings-between-threads.ts), and that thread's first answers
// from them. A worker thread of this process makes the findings of the newest kept
// facts block of AUDIT_FILE (as bench/findings-time.ts reads it), then, timed: the
// summary, the index of every field and its packing alone, then the whole hand-over:
// `findingsToSend`, the message with its buffers moved, `findingsReceived` and the
// snapshot's view on this thread, and the reply (what the scan's phase clock calls
// "handing over the findings"; where SOURCE_ROOT has worker/buffers-ahead.ts, each moved
// buffer first in a message of its own, answered, as the audit's worker sends them, and
// shared rather than moved where it has worker/shared-instead.ts),
// with the longest a request on this thread would have waited for a turn of its loop
// meanwhile (the message's deserializing included), each wait over 20 ms and each pause
// of this thread's collector over 10 ms, in ms after the first message was posted; then
// this thread's first statistics, function usage and drill-down, which make the index
// of every field from its parts.
//
//   tsx bench/handover-time.ts AUDIT_FILE [SOURCE_ROOT] [RUNS]
//
// SOURCE_ROOT is the checkout whose `src` is measured (this one when left out), so two
// versions of the code run on one file in turns. The file is opened read-only. Prints
// one JSON line per run, milliseconds.
import { loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { resolve } from 'node:path';
import { deserialize } from 'node:v8';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type * as AuditStoreModule from '../src/service/audit/storage/audit-store';
import type * as FactsTableModule from '../src/service/audit/findings/facts-table';
import type * as FieldFactsModule from '../src/service/audit/findings/field-facts';
import type * as ComputeFindingsModule from '../src/service/audit/findings/compute-findings';
import type * as DescribeFindingsModule from '../src/service/audit/findings/describe-findings';
import type * as InstanceDirectoryModule from '../src/service/audit/findings/instance-directory';
import type * as FindingIndexModule from '../src/service/audit/search/finding-index';
import type * as SavedIndexModule from '../src/service/store/saved-index';
import type * as BetweenThreadsModule from '../src/service/audit/worker/findings-between-threads';
import type * as BuffersModule from '../src/service/audit/worker/buffers-to-move';
import type * as SnapshotViewModule from '../src/service/audit/view/snapshot-view';
import type * as BuffersAheadModule from '../src/service/audit/worker/buffers-ahead';
import type * as SharedInsteadModule from '../src/service/audit/worker/shared-instead';

interface Options {
  auditFile: string;
  sourceRoot: string;
  runs: number;
}

/** Milliseconds since this process started, the same clock on both threads. */
const now = () => performance.timeOrigin + performance.now();
const ms = (from: number, to: number) => Math.round(to - from);

/**
 * The clock and the CPU of `work` (the process's CPU, every thread's: the other
 * thread of this process waits meanwhile).
 */
function timed<T>(work: () => T): { value: T; ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = now();
  const value = work();
  const { user, system } = process.cpuUsage(cpu);
  return { value, ms: ms(started, now()), cpuMs: Math.round((user + system) / 1000) };
}
/** A wait for a turn of this thread's loop, or a pause of its collector: when it began (`now()`), how long (and the collector's kind). */
type Pause = [at: number, ms: number, kind?: number];

/**
 * Watches this thread's loop (timers of 1 ms) and collector from now until `stop`: the
 * longest wait for a turn, each wait over 20 ms (the issue's bound for a search), and
 * each pause of the collector over 10 ms with its kind (perf_hooks' NODE_PERFORMANCE_GC_*:
 * 1 a scavenge of the young generation, 4 a mark-compact, 8 incremental marking), so a
 * long wait can be told from a pause of the collector that it holds.
 */
function watchTurns() {
  let longest = 0;
  let last = now();
  const waits: Pause[] = [];
  const timer = setInterval(() => {
    const wait = now() - last;
    if (wait > 20) waits.push([last, wait]);
    longest = Math.max(longest, wait);
    last = now();
  }, 1);
  // Watching keeps nothing running: the process ends after its last run.
  timer.unref();
  const gcPauses: Pause[] = [];
  const collector = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const { kind } = (entry as PerformanceEntry & { detail: { kind: number } }).detail;
      const at = performance.timeOrigin + entry.startTime;
      if (entry.duration > 10) gcPauses.push([at, entry.duration, kind]);
    }
  });
  collector.observe({ entryTypes: ['gc'] });
  return {
    /** What was seen from `from` (`now()`) on, in ms after it. */
    stop(from: number) {
      clearInterval(timer);
      collector.disconnect();
      const after = (pauses: Pause[]) =>
        pauses
          .filter(([at, length]) => at + length >= from)
          .map(([at, length, ...kind]) => [Math.round(at - from), Math.round(length), ...kind]);
      return {
        longestWaitForATurn: Math.round(Math.max(longest, now() - last)),
        waitsOver20Ms: after(waits),
        gcPausesOver10Ms: after(gcPauses),
      };
    },
  };
}

const cost = ({ ms, cpuMs }: { ms: number; cpuMs: number }) => ({ ms, cpuMs });

async function modules(sourceRoot: string) {
  const src = resolve(sourceRoot, 'src/service');
  return {
    ...((await import(`${src}/audit/storage/audit-store.ts`)) as typeof AuditStoreModule),
    ...((await import(`${src}/audit/findings/facts-table.ts`)) as typeof FactsTableModule),
    ...((await import(`${src}/audit/findings/field-facts.ts`)) as typeof FieldFactsModule),
    ...((await import(
      `${src}/audit/findings/compute-findings.ts`
    )) as typeof ComputeFindingsModule),
    ...((await import(
      `${src}/audit/findings/describe-findings.ts`
    )) as typeof DescribeFindingsModule),
    ...((await import(
      `${src}/audit/findings/instance-directory.ts`
    )) as typeof InstanceDirectoryModule),
    ...((await import(`${src}/audit/search/finding-index.ts`)) as typeof FindingIndexModule),
    ...((await import(`${src}/store/saved-index.ts`)) as typeof SavedIndexModule),
    ...((await import(
      `${src}/audit/worker/findings-between-threads.ts`
    )) as typeof BetweenThreadsModule),
    ...((await import(`${src}/audit/worker/buffers-to-move.ts`)) as typeof BuffersModule),
    ...((await import(`${src}/audit/view/snapshot-view.ts`)) as typeof SnapshotViewModule),
    // Each buffer in a message of its own, where the code sends them so (else one message).
    ...((await import(`${src}/audit/worker/buffers-ahead.ts`).catch(() => ({}))) as Partial<
      typeof BuffersAheadModule
    >),
    // Each of those buffers shared rather than moved, where the code shares them.
    ...((await import(`${src}/audit/worker/shared-instead.ts`).catch(() => ({}))) as Partial<
      typeof SharedInsteadModule
    >),
  };
}

type Modules = Awaited<ReturnType<typeof modules>>;

/** The audit file, read-only, and its newest complete scan that keeps a facts block. */
function openKept(m: Modules, auditFile: string) {
  const db = new Database(auditFile, { readonly: true });
  const store = new m.AuditStore(db, auditFile, 'embedded');
  // snapshot-facts.ts, BLOCK_FORMAT.
  const blockFormat = m.FACTS_VERSION * 100 + 1;
  const kept = store.scans.page(0, 10).scans.flatMap((scan) => {
    const bytes = store.scanFacts.read(scan.id, blockFormat);
    return bytes ? [{ scan, bytes }] : [];
  })[0];
  if (!kept) throw new Error(`${auditFile} keeps no whole facts block`);
  return { store, scan: kept.scan, bytes: kept.bytes };
}

/** The audit's side: makes the findings of each run, then times handing them over. */
async function auditSide({ auditFile, sourceRoot, runs }: Options): Promise<void> {
  const port = parentPort!;
  const m = await modules(sourceRoot);
  const { store, scan, bytes } = openKept(m, auditFile);
  const block = deserialize(bytes) as { table: FactsTableModule.PackedFactsTable };
  const keptDirectory = store.directory.read();
  const directory = keptDirectory === undefined ? undefined : m.directoryFromJson(keptDirectory);
  const replies: Array<() => void> = [];
  port.on('message', () => replies.shift()?.());
  for (let run = 0; run < runs; run += 1) {
    const findings = () =>
      m.computeFindings(
        m.FactsTable.unpack(structuredClone(block.table)),
        (ids) => store.members.expressions(scan.id, ids),
        directory,
      );
    const found = findings();
    // Each part alone first, on findings of their own: sending empties them.
    const alone = findings();
    const summary = timed(() => m.summaryOf(alone));
    const index = timed(() => m.wholeIndex(alone));
    const indexPacking = timed(() => m.packedAtOnce(index.value.parts()));

    const load = Math.round(loadavg()[0]! * 10) / 10;
    const handOver = now();
    const cpu = process.cpuUsage();
    const sent = timed(() => m.findingsToSend(found));
    const moved = timed(() => m.buffersToMove(sent.value));
    const reply = () => new Promise<void>((done) => replies.push(done));
    const posting = now();
    let posted;
    if (m.buffersAhead) {
      const { rest, buffers } = m.buffersAhead(sent.value);
      const sending = m.sharedOneByOne ? m.sharedOneByOne(buffers) : buffers;
      for (const buffer of sending) {
        const replied = reply();
        port.postMessage({ run, buffer }, buffer instanceof ArrayBuffer ? [buffer] : []);
        await replied;
      }
      posted = timed(() => port.postMessage({ run, sent: rest, posting }));
    } else {
      posted = timed(() => port.postMessage({ run, sent: sent.value, posting }, moved.value));
    }
    await reply();
    const { user, system } = process.cpuUsage(cpu);
    port.postMessage({
      run,
      load,
      worker: {
        summary: cost(summary),
        wholeIndex: cost(index),
        indexPacking: cost(indexPacking),
        findingsToSend: cost(sent),
        buffersToMove: cost(moved),
        postMessage: cost(posted),
        handingOver: { ms: ms(handOver, now()), cpuMs: Math.round((user + system) / 1000) },
      },
    });
  }
}

/** The request thread's side: takes the findings in as the audit service does, then answers. */
async function serverSide(options: Options): Promise<void> {
  const m = await modules(options.sourceRoot);
  const { store, scan } = openKept(m, options.auditFile);
  const program = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); });`;
  const worker = new Worker(program, { eval: true, workerData: options });
  const server: Record<number, Record<string, unknown>> = {};
  let ended = 0;
  // Watched from before each message arrives, so the wait counts its deserializing.
  let turns = watchTurns();
  await new Promise<void>((done, fail) => {
    worker.on('error', fail);
    const buffers: ArrayBufferLike[] = [];
    worker.on('message', async (message: Record<string, unknown>) => {
      const run = message.run as number;
      if ('buffer' in message) {
        // Answered once the loop has turned, as the audit's thread answers (audit-thread.ts).
        buffers.push(message.buffer as ArrayBufferLike);
        setImmediate(() => worker.postMessage('reply'));
        return;
      }
      if ('worker' in message) {
        console.log(JSON.stringify({ ...message, server: server[run] }));
        if (++ended === options.runs) done();
        return;
      }
      const arrived = now();
      // Taken in over turns of this thread (findings-between-threads.ts): the clock
      // from the message's arrival to the view, and the longest wait for a turn.
      const sent = m.buffersBack ? m.buffersBack(message.sent, buffers.splice(0)) : message.sent;
      const received = await m.findingsReceived(sent as BetweenThreadsModule.FindingsToSend);
      const findings = { ...received.findings, expressions: () => new Map() };
      const view = m.SnapshotView.ofScan(
        run + 1,
        scan,
        { store, directory: undefined },
        { findings, summary: received.summary, wholeIndex: received.wholeIndex },
      );
      const takenIn = ms(arrived, now());
      worker.postMessage('reply');
      const request = { filters: [], sort: { field: 'name' as const, ascending: true }, limit: 50 };
      server[run] = {
        messagePassage: ms(message.posting as number, arrived),
        findingsReceived: takenIn,
        ...turns.stop(message.posting as number),
        statistics: timed(() => view.statistics()).ms,
        functionUsage: timed(() => view.functionUsage()).ms,
        firstDrillDown: timed(() => view.searchFinding('unused', undefined, request)).ms,
      };
      turns = watchTurns();
    });
  });
  await worker.terminate();
}

if (isMainThread) {
  const [auditFile, sourceRoot = '.', runsText = '1'] = process.argv.slice(2);
  if (!auditFile)
    throw new Error('usage: tsx bench/handover-time.ts AUDIT_FILE [SOURCE_ROOT] [RUNS]');
  await serverSide({ auditFile, sourceRoot, runs: Number(runsText) });
} else {
  await auditSide(workerData as Options);
}
