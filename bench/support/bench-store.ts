import Database from 'better-sqlite3';
import { nameFragments } from './workload';
import type { RunningServer } from './processes';
import { startServer } from './processes';

export const benchToken = 'bench-token-0123456789';
const tmp = 'bench/tmp';

/** The demo store of `fields` fields the benchmarks share; the service creates it once. */
export const benchStore = (fields: number) => `${tmp}/service-${fields}.sqlite`;

/** What `npm start` runs, bundled by `npm run build:server`, on the benchmark's store. */
export function startBenchService(fields: number, nodeArgs: string[] = []): Promise<RunningServer> {
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
    ],
    { nodeArgs },
  );
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
