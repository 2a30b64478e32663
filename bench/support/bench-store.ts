import { closeSync, openSync, readSync } from 'node:fs';
import Database from 'better-sqlite3';
import { apiPaths, TOKEN_HEADER } from '../../src/contract/paths';
import { nameFragments } from './workload';
import type { RunningServer } from './processes';
import { startServer } from './processes';

export const benchToken = 'bench-token-0123456789';
const tmp = 'bench/tmp';

/** The demo store of `fields` fields the benchmarks share; the service creates it once. */
export const benchStore = (fields: number) => `${tmp}/service-${fields}.sqlite`;

/**
 * What `npm start` runs, bundled by `npm run build:server`, on the benchmark's store;
 * `args` are added to `start`'s (e.g. `--audit-data`).
 */
export function startBenchService(
  fields: number,
  nodeArgs: string[] = [],
  args: string[] = [],
): Promise<RunningServer> {
  return startServer(
    'dist-server/main.mjs',
    [
      'start',
      '--no-build',
      '--port',
      '0',
      '--data',
      benchStore(fields),
      '--demo-fields',
      String(fields),
      '--demo-token',
      benchToken,
      ...args,
    ],
    { nodeArgs },
  );
}

/** One search, answered once the service has read its search index back (on first use). */
export async function answeredFirstSearch(service: RunningServer): Promise<void> {
  const send = () =>
    fetch(`${service.url}${apiPaths.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: benchToken },
      body: JSON.stringify({ filters: [], sort: { field: 'name', ascending: true }, limit: 1 }),
    });
  const response = await send().catch(send);
  if (!response.ok) throw new Error(`the first search answered ${response.status}`);
}

/** The count of changes in the saved index's header, when this version wrote it. */
function savedSeq(fields: number): number | undefined {
  try {
    const descriptor = openSync(`${benchStore(fields)}.index`, 'r');
    const header = Buffer.alloc(1024);
    readSync(descriptor, header, 0, header.length, 0);
    closeSync(descriptor);
    const { seq } = JSON.parse(header.toString('utf8')) as { seq?: unknown };
    return typeof seq === 'number' ? seq : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The store's count of its latest change that a start replays only by building the
 * index (the service's sqlite/index-changes.ts).
 */
function rebuildSeq(fields: number): number {
  const db = new Database(benchStore(fields), { readonly: true });
  try {
    return db.prepare('SELECT rebuild_seq FROM index_changes').pluck().get() as number;
  } finally {
    db.close();
  }
}

/** Whether a start can read the saved index back and replay the rest. */
export const savedIndexReady = (fields: number): boolean =>
  (savedSeq(fields) ?? -1) >= rebuildSeq(fields);

/**
 * Waits until a start can read the search index saved beside the store and replay
 * the rest: a server saves it in the background once it has built it, and saves
 * nothing when it stops, so a restart measured after reads it back.
 */
export async function savedIndexUsable(fields: number): Promise<void> {
  for (let waited = 0; !savedIndexReady(fields); waited += 500) {
    if (waited > 300_000) throw new Error('the index was not saved within 5 minutes');
    await new Promise((done) => setTimeout(done, 500));
  }
}

export interface BenchInputs {
  /** Substrings of real names the load searches for. */
  fragments: string[];
  /** Field id -> ids of the fields it references. */
  references: Map<number, number[]>;
  /** Every field some field references, ascending: the templateDependencies values. */
  referencedIds: number[];
}

/** The names and references the load is made of, read from the store the service wrote. */
export function readBenchInputs(fields: number): BenchInputs {
  const db = new Database(benchStore(fields), { readonly: true });
  try {
    const names = db.prepare('SELECT name FROM fields ORDER BY id').pluck().all() as string[];
    const references = new Map<number, number[]>();
    const rows = db
      .prepare('SELECT field_id, target_id FROM field_references ORDER BY field_id, target_id')
      .all() as Array<{ field_id: number; target_id: number }>;
    for (const { field_id: field, target_id: target } of rows) {
      const targets = references.get(field);
      if (targets) targets.push(target);
      else references.set(field, [target]);
    }
    const referencedIds = [...new Set(rows.map((row) => row.target_id))].sort((a, b) => a - b);
    return { fragments: nameFragments(names), references, referencedIds };
  } finally {
    db.close();
  }
}
