// Whether this checkout builds the same index of every field, and the same summary, as
// another checkout, on the findings of the newest kept facts block of AUDIT_FILE (as
// bench/findings-time.ts reads it): each part of the index compared as data, and the
// packed parts read back; each finding's ids and groups against the other checkout's; then
// the findings, summary and index handed over as the audit's thread posts them
// (buffers-ahead.ts) and taken in as the server's thread does
// (findings-between-threads.ts), against them as made. Prints one line a part, true when
// equal.
//
//   tsx bench/whole-index-equal.ts AUDIT_FILE OTHER_ROOT
import { isDeepStrictEqual } from 'node:util';
import { resolve } from 'node:path';
import { deserialize } from 'node:v8';
import Database from 'better-sqlite3';
import { AuditStore } from '../src/service/audit/storage/audit-store';
import type { PackedFactsTable } from '../src/service/audit/findings/facts-table';
import { FactsTable } from '../src/service/audit/findings/facts-table';
import { FACTS_VERSION } from '../src/service/audit/findings/field-facts';
import { computeFindings } from '../src/service/audit/findings/compute-findings';
import { directoryFromJson } from '../src/service/audit/findings/instance-directory';
import type * as DescribeFindingsModule from '../src/service/audit/findings/describe-findings';
import { summaryOf } from '../src/service/audit/findings/describe-findings';
import type * as FindingIndexModule from '../src/service/audit/search/finding-index';
import type * as FactsTableModule from '../src/service/audit/findings/facts-table';
import type * as ComputeFindingsModule from '../src/service/audit/findings/compute-findings';
import type { FindingKey } from '../src/contract/audit';
import { wholeIndex } from '../src/service/audit/search/finding-index';
import { packedAtOnce, unpacked } from '../src/service/store/saved-index';
import type { Findings } from '../src/service/audit/findings/compute-findings';
import { buffersAhead, buffersBack } from '../src/service/audit/worker/buffers-ahead';
import { sharedOneByOne } from '../src/service/audit/worker/shared-instead';
import {
  findingsReceived,
  findingsToSend,
} from '../src/service/audit/worker/findings-between-threads';

const [auditFile, otherRoot] = process.argv.slice(2);
if (!auditFile || !otherRoot)
  throw new Error('usage: tsx bench/whole-index-equal.ts AUDIT_FILE OTHER_ROOT');
const other = resolve(otherRoot, 'src/service/audit');
const otherIndex = ((await import(`${other}/search/finding-index.ts`)) as typeof FindingIndexModule)
  .wholeIndex;
const otherSummary = (
  (await import(`${other}/findings/describe-findings.ts`)) as typeof DescribeFindingsModule
).summaryOf;

const store = new AuditStore(new Database(auditFile, { readonly: true }), auditFile, 'embedded');
// snapshot-facts.ts, BLOCK_FORMAT.
const kept = store.scans.page(0, 10).scans.flatMap((scan) => {
  const bytes = store.scanFacts.read(scan.id, FACTS_VERSION * 100 + 1);
  return bytes ? [{ scan, bytes }] : [];
})[0];
if (!kept) throw new Error(`${auditFile} keeps no whole facts block`);
const { table } = deserialize(kept.bytes) as { table: PackedFactsTable };
const directory = store.directory.read();
const found = computeFindings(
  FactsTable.unpack(table),
  (ids) => store.members.expressions(kept.scan.id, ids),
  directory === undefined ? undefined : directoryFromJson(directory),
);
const ours = wholeIndex(found).parts();
const theirs = otherIndex(found).parts();
console.log(`fields: ${found.fields.size}`);
for (const part of Object.keys(theirs) as Array<keyof typeof theirs>)
  console.log(`index ${part}: ${isDeepStrictEqual(ours[part], theirs[part])}`);
console.log(`index packed and read back: ${isDeepStrictEqual(unpacked(packedAtOnce(ours)), ours)}`);
console.log(`summary: ${isDeepStrictEqual(summaryOf(found), otherSummary(found))}`);

// The other checkout's findings, made from its own copy of the facts, as plain lists.
const otherModules = {
  ...((await import(`${other}/findings/facts-table.ts`)) as typeof FactsTableModule),
  ...((await import(`${other}/findings/compute-findings.ts`)) as typeof ComputeFindingsModule),
};
const theirFindings = otherModules.computeFindings(
  otherModules.FactsTable.unpack(deserialize(kept.bytes).table as PackedFactsTable),
  (ids) => store.members.expressions(kept.scan.id, ids),
  directory === undefined ? undefined : directoryFromJson(directory),
);
for (const key of Object.keys(found.byKey) as FindingKey[]) {
  const [mine, theirs] = [found.byKey[key], theirFindings.byKey[key]];
  const same =
    isDeepStrictEqual(mine.ids, theirs.ids) &&
    isDeepStrictEqual([...mine.groups], [...theirs.groups]) &&
    isDeepStrictEqual(new Map(mine.notes), new Map(theirs.notes));
  console.log(`finding ${key} (ids, groups, notes): ${same}`);
}

/** What findings hold, as plain data to compare. */
const asData = (findings: Omit<Findings, 'expressions'>) => ({
  columns: findings.fields.asColumns().pack(),
  references: Object.fromEntries(
    Object.entries(findings.references).map(([key, value]) => [
      key,
      typeof value === 'object' ? new Map(value) : value,
    ]),
  ),
  byKey: Object.fromEntries(
    Object.entries(findings.byKey).map(([key, finding]) => [
      key,
      { ...finding, groups: [...finding.groups], notes: new Map(finding.notes) },
    ]),
  ),
  headline: findings.headline,
  archivedUnused: findings.archivedUnused,
  directory: findings.directory,
});
// Taken before sending, which empties the arrays it moves.
const made = structuredClone({ findings: asData(found), summary: summaryOf(found), index: ours });
// As the audit's worker sends them: each buffer shared, in a message of its own, then the rest.
const { rest, buffers } = buffersAhead(findingsToSend(found));
const arrived = [...sharedOneByOne(buffers)].map((shared) => structuredClone(shared));
const taken = await findingsReceived(
  buffersBack(structuredClone(rest), arrived) as ReturnType<typeof findingsToSend>,
);
// Cloned as the made ones were (a Buffer is cloned as a Uint8Array).
const takenFindings = structuredClone(asData(taken.findings));
console.log(`findings handed over: ${isDeepStrictEqual(takenFindings, made.findings)}`);
console.log(`summary handed over: ${isDeepStrictEqual(taken.summary, made.summary)}`);
// The distinct names arrive as bytes (store/text-list.ts), read as the array they were.
// Taken in as the index itself where the code makes it there, as its parts before.
const takenParts = 'parts' in taken.wholeIndex ? taken.wholeIndex.parts() : taken.wholeIndex;
const { names } = takenParts;
const takenIndex = {
  ...takenParts,
  names: { ...names, distinctNames: [...names.distinctNames] },
};
console.log(`index handed over: ${isDeepStrictEqual(takenIndex, made.index)}`);
