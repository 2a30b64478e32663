// The index of every field (`wholeIndex`, what the audit's worker builds after each
// scan) on the demo's 100,000 fields, or COPIES times them with the ids shifted
// (10: 1,000,000 fields whose names repeat ten times more than the demo's would).
// Prints the CPU and clock of each run and the load average, as JSON lines.
//
//   tsx bench/whole-index-time.ts [SOURCE_ROOT] [COPIES] [RUNS]
//
// SOURCE_ROOT is the checkout whose `src` is measured (this one when left out), so two
// versions of the code run in turns on the same fields. The demo's facts are made
// once (about 20 s) and kept in bench/tmp. Run under `node --cpu-prof --import tsx`
// for a profile.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import type * as DemoFactsModule from '../src/service/audit/test-support/demo-facts';
import type * as FactsTableModule from '../src/service/audit/findings/facts-table';
import type { FieldFacts } from '../src/service/audit/findings/field-facts';
import type * as ReferencesModule from '../src/service/audit/findings/references-between-fields';
import type * as FindingIndexModule from '../src/service/audit/search/finding-index';
import type { Findings } from '../src/service/audit/findings/compute-findings';

const [sourceRoot = '.', copiesText = '1', runsText = '3'] = process.argv.slice(2);
const src = resolve(sourceRoot, 'src/service/audit');
const { demoFacts } = (await import(`${src}/test-support/demo-facts.ts`)) as typeof DemoFactsModule;
const { FactsTable } = (await import(`${src}/findings/facts-table.ts`)) as typeof FactsTableModule;
const { referencesBetweenFields } = (await import(
  `${src}/findings/references-between-fields.ts`
)) as typeof ReferencesModule;
const { wholeIndex } = (await import(
  `${src}/search/finding-index.ts`
)) as typeof FindingIndexModule;

const DEMO_FIELDS = 100_000;
const kept = `bench/tmp/demo-facts-${DEMO_FIELDS}.v8`;
if (!existsSync(kept)) {
  mkdirSync('bench/tmp', { recursive: true });
  writeFileSync(kept, serialize(demoFacts(DEMO_FIELDS, 1)));
}
const demo = deserialize(readFileSync(kept)) as FieldFacts[];
const shift = Math.max(...demo.map((field) => field.id)) + 1;
const builder = FactsTable.builder();
for (let copy = 0; copy < Number(copiesText); copy += 1) {
  const moved = (id: number) => id + copy * shift;
  for (const field of demo) {
    builder.add({
      ...field,
      id: moved(field.id),
      nests: field.nests.map((nest) => ({ ...nest, id: moved(nest.id) })),
    });
  }
}
const fields = builder.finish();
// What wholeIndex reads of the findings.
const findings = {
  fields,
  references: referencesBetweenFields(fields.asColumns(), undefined),
  directory: undefined,
} as unknown as Findings;

const seconds = (ms: number) => Math.round(ms) / 1000;
for (let run = 0; run < Number(runsText); run += 1) {
  const load = Math.round(loadavg()[0]! * 10) / 10;
  const cpu = process.cpuUsage();
  const started = performance.now();
  wholeIndex(findings);
  const clockMs = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  console.log(
    JSON.stringify({
      sourceRoot: resolve(sourceRoot),
      fields: fields.size,
      run,
      load,
      clockS: seconds(clockMs),
      cpuS: seconds((user + system) / 1000),
    }),
  );
}
