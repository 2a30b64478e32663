import type { RetentionPolicy } from '../storage/scan-retention';

/** What the audit's worker thread is given when it starts. */
export interface AuditWorkerData {
  /** The audit file, already opened (and its schema in place) by the server. */
  file: string;
  instanceKey: string;
}

/** A piece of work the server gives the worker; `job` names it in every message about it. */
export type WorkerJob =
  | {
      type: 'scan';
      job: number;
      scanId: number;
      /** The store's file, read by the worker itself; else the server's source answers by message. */
      storeFile?: string;
      pageSize: number;
      concurrency: number;
      retention: RetentionPolicy;
    }
  | { type: 'diff'; job: number; from: number; to: number }
  /** The findings of the instance as last seen. */
  | { type: 'findings'; job: number };

/** What the server sends the worker. */
export type ToWorker =
  | WorkerJob
  /** A user cancelled the scan. */
  | { type: 'cancel'; job: number }
  | { type: 'reply'; call: number; value?: unknown; error?: string };

/**
 * What a job asks of the server while it runs: a scan, scan/scan-to-end.ts's hooks
 * and its source; any job that makes findings, to take them in
 * (findings-between-threads.ts).
 */
export type ScanCall =
  | 'startListing'
  | 'listPage'
  | 'readFields'
  | 'progress'
  | 'refreshDirectory'
  | 'headlineAsLastSeen'
  /** A buffer of what the next call's arguments hold, sent ahead of it (buffers-ahead.ts). */
  | 'buffer'
  | 'completed';

/** What the worker sends the server. */
export type FromWorker =
  | { type: 'call'; job: number; call: number; method: ScanCall; args: unknown[] }
  | { type: 'done'; job: number; value?: unknown; error?: string };

/** The source's counters, sent with every answer the source gives. */
export interface Counted<T> {
  value: T;
  counters: { requests: number; retries: number };
}
