// npx tsx bench/finding-pages.ts: what the first page of each finding's (and each
// group's) drill-down costs the thread that answers requests, before (an index of
// the finding's own fields built on first use) and after (the index of every field,
// made on the audit's worker, searched among the finding's fields), alternating in
// one process on one set of findings of BENCH_FIELDS demo fields (100,000 unless told)
// or of the fields of the store file BENCH_STORE.
// Run with NODE_OPTIONS=--expose-gc, so each timing holds none of the last one's garbage.
import { loadavg } from 'node:os';
import type { FindingKey } from '../src/contract/audit';
import type { CalculatedField } from '../src/contract/field';
import type { NormalizedSearchRequest } from '../src/contract/search-validation';
import { generateDemoInstance } from '../src/service/demo/generate-demo-instance';
import { importInstance } from '../src/service/instance/import-instance';
import { openStore } from '../src/service/store/open-store';
import { StoreFileReader } from '../src/service/store/sqlite/store-file-reader';
import type { FieldSubset } from '../src/service/store/index/field-index';
import { FieldIndex } from '../src/service/store/index/field-index';
import type { Findings } from '../src/service/audit/findings/compute-findings';
import { computeFindings } from '../src/service/audit/findings/compute-findings';
import { FactsTable } from '../src/service/audit/findings/facts-table';
import { factsOf } from '../src/service/audit/findings/field-facts';
import { fieldMemberships, findingKeysOf } from '../src/service/audit/findings/field-memberships';
import { functionUsage } from '../src/service/audit/findings/function-usage';
import { findingIds, wholeIndex } from '../src/service/audit/search/finding-index';
import { everyFieldsMemberships } from '../src/service/audit/test-support/every-fields-memberships';
import { indexColumnsOfFacts } from '../src/service/audit/search/index-columns-of-facts';

const FIELDS = Number(process.env.BENCH_FIELDS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const collect = (globalThis as { gc?: () => void }).gc;
/** Times the work alone: the garbage of the work before is collected first (with --expose-gc). */
const time = <T>(work: () => T): [T, number] => {
  collect?.();
  const started = performance.now();
  const result = work();
  return [result, performance.now() - started];
};
/** The median of 5 timings: for the cheap work, which the other engineers' load makes noisy. */
const median5 = (work: () => unknown): number =>
  Array.from({ length: 5 }, () => time(work)[1]).sort((x, y) => x - y)[2]!;
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** Every field of a store file (BENCH_STORE: the 1,000,000-field demo store, say), in id order. */
function* storeFields(file: string): Generator<CalculatedField> {
  const reader = new StoreFileReader(file);
  for (let page = reader.pageAfter(0, 1000); page.rows.length > 0;) {
    const ids = page.rows.map(([id]) => id);
    for (const field of reader.fields(ids)) if (field) yield field;
    page = page.more ? reader.pageAfter(ids.at(-1)!, 1000) : { rows: [], more: false };
  }
  reader.close();
}

/** Every field of a seeded demo instance of BENCH_FIELDS fields, as the store keeps them. */
function* demoFields(): Generator<CalculatedField> {
  const instance = generateDemoInstance({ fields: FIELDS, seed: 1 });
  const stores = openStore(':memory:');
  importInstance(stores.fields, instance);
  for (const { id } of instance.fields) yield stores.fields.getField(id)!;
  stores.close();
}

/** The findings of those fields, with their facts and expressions as a scan reads them. */
function snapshotFindings(): Findings {
  const expressions = new Map<number, string>();
  const fields = process.env.BENCH_STORE ? storeFields(process.env.BENCH_STORE) : demoFields();
  const facts = FactsTable.of(
    (function* () {
      for (const field of fields) {
        expressions.set(field.id, field.expression);
        yield factsOf(field);
      }
    })(),
  );
  return computeFindings(facts, (ids) => new Map(ids.map((id) => [id, expressions.get(id) ?? ''])));
}

/** Before: the drill-down's own index, built from its fields' facts on first use. */
function ownIndex(findings: Findings, ids: readonly number[]): FieldIndex {
  const facts = ids.map((id) => findings.fields.get(id)!);
  return new FieldIndex(
    indexColumnsOfFacts(facts, findings.references.references, findings.directory?.owners),
  );
}

const firstPage: NormalizedSearchRequest = {
  filters: [],
  sort: { field: 'name', ascending: true },
  limit: 50,
};
const otherFirstPages: Record<string, NormalizedSearchRequest> = {
  'newest first': { ...firstPage, sort: { field: 'lastModified', ascending: false } },
  'name contains "pro"': { ...firstPage, name: 'pro' },
  'not locked, by id': {
    ...firstPage,
    filters: [{ kind: 'flag', flag: 'locked', negated: true }],
    sort: { field: 'id', ascending: true },
  },
};

const [findings, findingsMs] = time(snapshotFindings);
const parts = wholeIndex(findings).parts();
// As the view takes the index of every field from the worker's parts.
const [index, takeMs] = time(() => new FieldIndex(parts));
const keys = Object.keys(findings.byKey) as FindingKey[];
console.log(`${findings.fields.size} fields, findings made in ${ms(findingsMs)}; load ${load()}`);
console.log(`the index of every field taken from its parts (once a view): ${ms(takeMs)}`);
console.log('before: one timing; after: the median of 5, each after the garbage was collected');
for (const key of keys) {
  const { ids, groups } = findings.byKey[key];
  console.log(`  ${key}: ${ids.length} fields, ${groups.length} groups`);
}

const same = (a: unknown, b: unknown, what: string) => {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`answers differ: ${what}`);
};

for (let round = 1; round <= ROUNDS; round += 1) {
  const before = new Map<FindingKey, number>();
  const after = new Map<FindingKey, number>();
  const subsets = new Map<FindingKey, FieldSubset>();
  // Alternating which goes first, finding by finding.
  keys.forEach((key, at) => {
    const ids = findingIds(findings, key, undefined);
    const runBefore = () => {
      const [page, took] = time(() => ownIndex(findings, ids).search(firstPage));
      before.set(key, took);
      return page;
    };
    // Cheap enough to take the median of 5, which the other engineers' load makes noisy.
    const runAfter = () => {
      const runs = Array.from({ length: 5 }, () =>
        time(() => {
          const subset = index.subset(ids);
          subsets.set(key, subset);
          return index.search(firstPage, subset);
        }),
      );
      after.set(key, runs.map(([, took]) => took).sort((x, y) => x - y)[2]!);
      return runs[0]![0];
    };
    const [a, b] = (round + at) % 2 === 0 ? [runBefore(), runAfter()] : [runAfter(), runBefore()];
    same(a, b, `${key} first page`);
  });
  const total = (values: Map<FindingKey, number>) => [...values.values()].reduce((x, y) => x + y);
  const detail = (values: Map<FindingKey, number>) =>
    [...values]
      .filter(([, took]) => took >= 1)
      .map(([key, took]) => `${key} ${ms(took)}`)
      .join(', ');
  console.log(`round ${round}, load ${load()}`);
  console.log(`  first page of each finding, before: ${ms(total(before))} (${detail(before)})`);
  console.log(
    `  first page of each finding, after (median of 5 each):  ${ms(total(after))} (${detail(after)})`,
  );
  const bytes = [...subsets.values()].reduce(
    (sum, subset) => sum + ('words' in subset ? subset.words : subset).byteLength,
    0,
  );
  console.log(`  the 9 findings' subsets held: ${(bytes / 1e6).toFixed(2)} MB`);
  const unusedNext = median5(() => index.search(firstPage, subsets.get('unused')));
  console.log(`  after, the unused finding's page again (subset kept): ${ms(unusedNext)}`);
  for (const [what, request] of Object.entries(otherFirstPages)) {
    const ids = findingIds(findings, 'unused', undefined);
    const own = ownIndex(findings, ids);
    const [, tookBefore] = time(() => own.search(request));
    const tookAfter = median5(() => index.search(request, subsets.get('unused')));
    same(own.search(request), index.search(request, subsets.get('unused')), what);
    console.log(
      `  unused, ${what}, its index built: before ${ms(tookBefore)}, after ${ms(tookAfter)}`,
    );
  }
  const groups = keys.flatMap((key) =>
    [...findings.byKey[key].groups].map((group) => ({ key, group: group.key, ids: group.ids })),
  );
  const [, groupsAfter] = time(() => {
    for (const { ids } of groups) index.search(firstPage, index.subset(ids));
  });
  const [, groupsBefore] = time(() => {
    for (const { ids } of groups) ownIndex(findings, ids).search(firstPage);
  });
  console.log(
    `  first page of every group (${groups.length}): before ${ms(groupsBefore)}, after ${ms(groupsAfter)}`,
  );
}

const [, ownerFirst] = time(() =>
  index.search({ ...firstPage, sort: { field: 'owner', ascending: true } }, index.subset([])),
);
console.log(
  `the first sort by owner name (makes that order of every field, once): ${ms(ownerFirst)}`,
);
/** Before: every field's facts read to count the fields of each function. */
function usageFromFacts() {
  const counts = new Map<string, number>();
  for (const field of findings.fields.values()) {
    for (const name of new Set(field.functions)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return functionUsage(counts);
}
for (let round = 1; round <= ROUNDS; round += 1) {
  const [usageBefore, beforeMs] = time(usageFromFacts);
  const usageAfter = functionUsage(index.fieldsPerFunction());
  const afterMs = median5(() => functionUsage(index.fieldsPerFunction()));
  same(usageBefore, usageAfter, 'function usage');
  // A drawer's field: one in a group of the finding with the most groups.
  const fieldId = findings.byKey['exact-duplicates'].groups.at(0)?.ids[0] ?? 1;
  const [, drawerBefore] = time(() => everyFieldsMemberships(findings).get(fieldId));
  const drawerAfter = median5(() => fieldMemberships(findings, fieldId));
  // An export's request: 500 ids, which findings hold each.
  const exported = [
    ...findings.byKey.unused.ids.slice(0, 250),
    ...findings.byKey['exact-duplicates'].ids.slice(0, 250),
  ];
  const [, exportBefore] = time(() => {
    const byField = everyFieldsMemberships(findings);
    return exported.map((id) => byField.get(id));
  });
  const exportAfter = median5(() => exported.map((id) => findingKeysOf(findings, id)));
  console.log(
    `functionUsage before ${ms(beforeMs)}, after ${ms(afterMs)}; a drawer's field's findings before ${ms(drawerBefore)}, after ${ms(drawerAfter)}; an export's 500 fields' findings before ${ms(exportBefore)}, after ${ms(exportAfter)}; load ${load()}`,
  );
}
