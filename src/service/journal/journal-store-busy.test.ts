import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { openDatabase } from '../store/sqlite/open-database';
import { JournalStore } from './journal-store';

/**
 * Another connection to the file (proxy mode: the audit's scan, in its worker) writes for
 * `ms` milliseconds and commits; resolves once it holds the write lock.
 */
function writeMeanwhile(file: string, ms: number): Promise<Worker> {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const Database = require(workerData.driver);
     const db = new Database(workerData.file);
     db.exec('BEGIN IMMEDIATE');
     db.exec('CREATE TABLE IF NOT EXISTS scan_rows (n INTEGER)');
     db.exec('INSERT INTO scan_rows VALUES (1)');
     parentPort.postMessage('locked');
     Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
     db.exec('COMMIT');
     db.close();`,
    {
      eval: true,
      workerData: { file, ms, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
    },
  );
  return new Promise((resolve) => worker.once('message', () => resolve(worker)));
}

it("records a confirmed plan while another connection writes to the file, waiting for it rather than failing 'database is locked'", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cfm-journal-busy-'));
  const db = openDatabase(join(dir, 'journal.sqlite'));
  try {
    const store = new JournalStore(db);
    const planId = store.plans.keep(
      { kind: 'rename', person: 'ada', expiresAt: 2 },
      [
        {
          id: 1,
          name: 'Margin',
          action: 'change',
          before: null,
          after: null,
          change: { update: { name: 'Margin %' } },
        },
      ],
      1,
    );
    const writer = await writeMeanwhile(join(dir, 'journal.sqlite'), 300);
    const set = { kind: 'rename' as const, note: null, person: 'ada', undoOf: null };
    const id = store.recordPlanned(set, planId, 1);
    expect(id).toEqual(expect.any(Number));
    expect(store.summary(id!)?.counts.pending).toBe(1);
    await writer.terminate();
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
