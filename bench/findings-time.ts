// The findings alone (`computeFindings`) on the facts an incremental scan hands them:
// the newest kept facts block in an audit file that `npm run bench:audit -- memory`
// left (read as findings/snapshot-facts.ts reads it; an incremental scan's carries the
// fields changed since its columns were written beside them), that scan's expressions
// and the directory kept in the file. Prints the CPU and clock of
// each run, garbage collections and what each finding found, as JSON.
//
//   tsx bench/findings-time.ts AUDIT_FILE [SOURCE_ROOT] [RUNS]
//
// SOURCE_ROOT is the checkout whose `src` is measured (this one when left out), so two
// versions of the code run on one file in turns. Run under `node --cpu-prof --import tsx`
// for a profile. The file is opened read-only: a copy is not needed.
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { deserialize } from 'node:v8';
import Database from 'better-sqlite3';
import type * as AuditStoreModule from '../src/service/audit/storage/audit-store';
import type * as FactsTableModule from '../src/service/audit/findings/facts-table';
import type * as FieldFactsModule from '../src/service/audit/findings/field-facts';
import type * as ComputeFindingsModule from '../src/service/audit/findings/compute-findings';
import type * as InstanceDirectoryModule from '../src/service/audit/findings/instance-directory';

const [auditFile, sourceRoot = '.', runsText = '1'] = process.argv.slice(2);
if (!auditFile)
  throw new Error('usage: tsx bench/findings-time.ts AUDIT_FILE [SOURCE_ROOT] [RUNS]');
const src = resolve(sourceRoot, 'src/service/audit');

const { AuditStore } = (await import(`${src}/storage/audit-store.ts`)) as typeof AuditStoreModule;
const { FactsTable } = (await import(`${src}/findings/facts-table.ts`)) as typeof FactsTableModule;
const { FACTS_VERSION } = (await import(
  `${src}/findings/field-facts.ts`
)) as typeof FieldFactsModule;
const { computeFindings } = (await import(
  `${src}/findings/compute-findings.ts`
)) as typeof ComputeFindingsModule;
const { directoryFromJson } = (await import(
  `${src}/findings/instance-directory.ts`
)) as typeof InstanceDirectoryModule;

const db = new Database(auditFile, { readonly: true });
const store = new AuditStore(db, auditFile, 'embedded');
// snapshot-facts.ts, BLOCK_FORMAT.
const blockFormat = FACTS_VERSION * 100 + 1;
const kept = store.scans.page(0, 10).scans.flatMap((scan) => {
  const bytes = store.scanFacts.read(scan.id, blockFormat);
  return bytes ? [{ scan, bytes }] : [];
})[0];
if (!kept) throw new Error(`${auditFile} keeps no whole facts block`);
const { scan, bytes } = kept;
const block = deserialize(bytes) as {
  table: FactsTableModule.PackedFactsTable;
};
const facts = FactsTable.unpack(block.table);
const keptDirectory = store.directory.read();
const directory = keptDirectory === undefined ? undefined : directoryFromJson(keptDirectory);

let collections = 0;
let collecting = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    collections += 1;
    collecting += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });

const seconds = (ms: number) => Math.round(ms) / 1000;
/** A digest of what each finding found, to compare two versions of the code. */
const digestOf = (value: unknown) =>
  createHash('sha1')
    .update(JSON.stringify(value, (_, v: unknown) => (v instanceof Map ? [...v] : v)))
    .digest('hex')
    .slice(0, 12);

const runs = [];
for (let run = 0; run < Number(runsText); run += 1) {
  const load = loadavg()[0]!;
  const gcBefore = { collections, collecting };
  const cpu = process.cpuUsage();
  const started = performance.now();
  const findings = computeFindings(
    facts,
    (ids) => store.members.expressions(scan.id, ids),
    directory,
  );
  const clockMs = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  // Entries reach the observer after the work: let them in before reading the counts.
  await new Promise((done) => setTimeout(done, 50));
  runs.push({
    load: Math.round(load * 10) / 10,
    clockS: seconds(clockMs),
    cpuS: seconds((user + system) / 1000),
    gcCount: collections - gcBefore.collections,
    gcS: seconds(collecting - gcBefore.collecting),
    headline: findings.headline,
    digests: Object.fromEntries(
      Object.entries(findings.byKey).map(([key, finding]) => [key, digestOf(finding)]),
    ),
  });
}
console.log(
  JSON.stringify(
    {
      sourceRoot: resolve(sourceRoot),
      fields: facts.size,
      scanId: scan.id,
      changedSinceColumns: block.table.changed.length,
      runs,
    },
    null,
    2,
  ),
);
db.close();
