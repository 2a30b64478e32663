import { existsSync } from 'node:fs';
import { setImmediate } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SeenByScan } from '../directory/directory-of-scan';
import type { ScanDiff } from '../diff/diff-scans';
import type { FieldSource } from '../scan/field-source';
import type { ScanPhaseTimes } from '../scan/phase-clock';
import type { ScanHooks } from '../scan/scan-to-end';
import type { RetentionPolicy } from '../storage/scan-retention';
import type {
  AuditWorkerData,
  Counted,
  FromWorker,
  ScanCall,
  ToWorker,
  WorkerJob,
} from './audit-worker-messages';
import type { FindingsToSend, MadeFindings } from './findings-between-threads';
import { buffersBack } from './buffers-ahead';
import { findingsReceived } from './findings-between-threads';
import { fieldReads } from './field-reads';

/** How long a worker with no job is kept for the next one. */
export const IDLE_END_MS = 10_000;

/**
 * Jobs after which the worker ends as soon as it has no other: what it made findings
 * from is garbage its heap keeps until it ends (at 100,000 fields about 140 MB, at
 * 1,000,000 about 1.1 GB), and a start costs little next to such a job.
 */
const ENDS_THE_WORKER: ReadonlySet<WorkerJob['type']> = new Set(['scan', 'findings']);

/**
 * `take` done, answered once the loop has turned: the worker sends the next buffer on
 * the answer (buffers-ahead.ts), and one that arrived before this thread's handling of
 * messages ended would be taken in the same task, so the buffers ahead of a scan's
 * findings would hold it as long as in one message.
 */
async function afterATurn(take: () => void): Promise<void> {
  take();
  await setImmediate();
}

/** Why a job did not end: the server stopped the worker. */
export class WorkerStopped extends Error {}

/**
 * Where the worker's program is: beside this file when it runs from source (loaded
 * through tsx), else the bundle's own entry (scripts/build-server.mjs), beside
 * main.mjs, one folder up when this code sits in a chunk.
 */
function workerProgram(): URL | string {
  const here = import.meta.url;
  // The node tests' run bundles the worker from these sources once as it starts
  // (test-support/global-setup.ts): through tsx each worker cost about 0.7 s of CPU
  // to load, and the tests start a worker for nearly every server they build.
  const bundledForTests = process.env.AUDIT_WORKER_BUNDLE;
  if (here.endsWith('.ts') && bundledForTests) return pathToFileURL(bundledForTests);
  if (here.endsWith('.ts')) {
    // Loaded through tsx's loader, registered in the worker first (an --import of it
    // does not reach a worker's entry on Node 20).
    const entry = JSON.stringify(new URL('./audit-worker.ts', here).href);
    return `import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`;
  }
  const beside = new URL('./audit-worker.mjs', here);
  return existsSync(beside) ? beside : new URL('../audit-worker.mjs', here);
}

/**
 * A scan as the server hands it to the worker: its hooks stay on this thread, and so
 * does its source unless the worker opens it itself (the store's file).
 */
export interface ScanWork {
  scanId: number;
  source: FieldSource;
  /** Aborted when a user cancels the scan. */
  signal: AbortSignal;
  retention: RetentionPolicy;
  hooks: Omit<ScanHooks, 'completed'> & {
    completed(found: MadeFindings | 'as-last-seen'): Promise<void>;
  };
}

interface Running {
  type: WorkerJob['type'];
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** Answers what the job asks of this thread. */
  answer?(method: ScanCall, args: unknown[]): Promise<unknown>;
  /** The buffers sent ahead of the job's next call (buffers-ahead.ts), shared (shared-instead.ts). */
  buffers: SharedArrayBuffer[];
}

/**
 * The audit's worker thread (audit-worker.ts), seen from the thread that answers
 * requests: scans and diffs run there, on its own connection to the audit file, one
 * scan at a time (the Scanner runs no more). Started at a job when none is running,
 * ended after IDLE_END_MS without one (at once after a scan or the findings); `close`
 * ends it at once, whatever it is doing, and a scan it was running resumes at the
 * next start.
 */
export class AuditThread {
  private worker: Worker | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly running = new Map<number, Running>();
  private lastJob = 0;

  constructor(private readonly data: AuditWorkerData) {}

  /**
   * Runs a scan to its end (scan/scan-to-end.ts), answering how long each phase took;
   * rejects with WorkerStopped when the server stops.
   */
  async scan(work: ScanWork): Promise<ScanPhaseTimes> {
    const { source, hooks } = work;
    // Stops what the source is doing for the worker once the scan is cancelled or stopped.
    const calls = new AbortController();
    const job = ++this.lastJob;
    const onCancel = () => {
      this.worker?.postMessage({ type: 'cancel', job } satisfies ToWorker);
      calls.abort();
    };
    work.signal.addEventListener('abort', onCancel, { once: true });
    const counted = async <T>(value: Promise<T>): Promise<Counted<T>> => ({
      value: await value,
      counters: { ...source.counters },
    });
    const readFields = fieldReads(source, calls.signal);
    const answer = async (method: ScanCall, args: unknown[]): Promise<unknown> => {
      switch (method) {
        case 'startListing':
          return source.startListing?.(args[0] as string | undefined);
        case 'listPage':
          return counted(
            source.listPage(args[0] as number, calls.signal).then((page) => ({
              ...page,
              keys: page.items.map((item) => source.listingKey(item)),
            })),
          );
        case 'readFields':
          return counted(readFields(args[0] as number[]));
        case 'progress':
          return hooks.onProgress();
        case 'refreshDirectory':
          return hooks.refreshDirectory(args[0] as SeenByScan);
        case 'headlineAsLastSeen':
          return hooks.headlineAsLastSeen();
        case 'completed': {
          const found =
            args[0] === 'as-last-seen'
              ? args[0]
              : await findingsReceived(args[0] as FindingsToSend);
          // Taken in over many turns: the server may have stopped or the scan been cancelled since.
          calls.signal.throwIfAborted();
          return hooks.completed(found);
        }
      }
    };
    try {
      return (await this.run(
        {
          type: 'scan',
          job,
          scanId: work.scanId,
          storeFile: source.storeFile,
          pageSize: source.pageSize,
          concurrency: source.concurrency,
          retention: work.retention,
        },
        answer,
      )) as ScanPhaseTimes;
    } finally {
      work.signal.removeEventListener('abort', onCancel);
      calls.abort();
    }
  }

  /**
   * The findings of the instance as last seen and their summary, made from the audit
   * file (as data: without the reader of expressions).
   */
  async findings(): Promise<MadeFindings | undefined> {
    let whole: MadeFindings | undefined;
    await this.run({ type: 'findings', job: ++this.lastJob }, async (method, args) => {
      if (method === 'completed') whole = await findingsReceived(args[0] as FindingsToSend);
    });
    return whole;
  }

  /** What changed from one complete scan to another. */
  diff(from: number, to: number): Promise<ScanDiff> {
    return this.run({ type: 'diff', job: ++this.lastJob, from, to }) as Promise<ScanDiff>;
  }

  /** Ends the worker at once; jobs not done reject with WorkerStopped. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    this.stopAll(new WorkerStopped('the server is stopping'));
    await worker?.terminate();
  }

  private run(job: WorkerJob, answer?: Running['answer']): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.running.set(job.job, { type: job.type, resolve, reject, answer, buffers: [] });
      this.send(job);
    });
  }

  private send(job: WorkerJob): void {
    const worker = (this.worker ??= this.start());
    clearTimeout(this.idleTimer);
    // Only a job keeps the process running: an idle worker never does.
    worker.ref();
    worker.postMessage(job satisfies ToWorker);
  }

  private start(): Worker {
    const program = workerProgram();
    const worker = new Worker(program, {
      workerData: this.data,
      eval: typeof program === 'string',
    });
    worker.on('message', (message: FromWorker) => this.heard(message));
    worker.on('error', (error) => this.lost(worker, error));
    worker.on('exit', (code) => this.lost(worker, new Error(`the audit worker exited (${code})`)));
    return worker;
  }

  private heard(message: FromWorker): void {
    const job = this.running.get(message.job);
    if (!job) return;
    if (message.type === 'done') {
      this.running.delete(message.job);
      if (this.running.size === 0) this.idle(ENDS_THE_WORKER.has(job.type) ? 0 : IDLE_END_MS);
      if (message.error === undefined) job.resolve(message.value);
      else job.reject(new Error(message.error));
      return;
    }
    const { call, method, args } = message;
    const answered =
      method === 'buffer'
        ? afterATurn(() => void job.buffers.push(args[0] as SharedArrayBuffer))
        : (job.answer ?? (() => Promise.reject(new Error('nothing to answer'))))(
            method,
            job.buffers.length === 0
              ? args
              : (buffersBack(args, job.buffers.splice(0)) as unknown[]),
          );
    answered.then(
      (value) => this.worker?.postMessage({ type: 'reply', call, value } satisfies ToWorker),
      (error: unknown) =>
        this.worker?.postMessage({
          type: 'reply',
          call,
          error: error instanceof Error ? error.message : String(error),
        } satisfies ToWorker),
    );
  }

  /**
   * A worker left with no job ends after `endAfterMs` (IDLE_END_MS, or at once after a
   * job that made findings: ENDS_THE_WORKER), and the next job starts another: what
   * its last job held goes with it, its heap, which nothing made it collect. Not at
   * once after any job: starting a worker for each of several jobs in a row costs each
   * a start.
   */
  private idle(endAfterMs: number): void {
    const worker = this.worker;
    worker?.unref();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.worker !== worker || this.running.size > 0) return;
      this.worker = undefined;
      void worker?.terminate();
    }, endAfterMs);
    this.idleTimer.unref();
  }

  /** The worker failed or ended: its jobs fail, and the next job starts another. */
  private lost(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.stopAll(error);
  }

  private stopAll(error: Error): void {
    const jobs = [...this.running.values()];
    this.running.clear();
    for (const job of jobs) job.reject(error);
  }
}
