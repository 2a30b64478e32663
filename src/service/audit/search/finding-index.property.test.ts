import fc from 'fast-check';
import { expect, it } from 'vitest';
import type { FindingKey } from '../../../contract/audit';
import { flagFilters, sortFields } from '../../../contract/search';
import type {
  NormalizedFilter,
  NormalizedSearchRequest,
} from '../../../contract/search-validation';
import type { IdPage } from '../../store/index/field-index';
import { FieldIndex } from '../../store/index/field-index';
import type { Findings } from '../findings/compute-findings';
import { computeFindings } from '../findings/compute-findings';
import type { FieldFacts } from '../findings/field-facts';
import { demoFacts } from '../test-support/demo-facts';
import { findingIds, wholeIndex } from './finding-index';
import { indexColumnsOfFacts } from './index-columns-of-facts';

const SIZE = 600;
const TIED_TIME = 1_700_000_000_000;
// Ties in every order: names, created and lastModified shared by many fields, and
// owners whose names compare equal or are unknown.
const facts: FieldFacts[] = demoFacts(SIZE, 3).map((field, index) => ({
  ...field,
  name: index % 7 === 0 ? `Tied ${index % 2 === 0 ? 'name' : 'NAME'}` : field.name,
  created: index % 5 === 0 ? TIED_TIME : field.created,
  lastModified: index % 5 === 0 ? TIED_TIME : field.lastModified,
}));
const ownerIds = [...new Set(facts.map((field) => field.owner))];
const computed = computeFindings(facts, () => new Map());
const findings: Findings = {
  ...computed,
  directory: {
    owners: new Map(
      ownerIds.slice(1).map((owner, index) => [owner, index % 3 === 0 ? 'Same Name' : `${owner}`]),
    ),
    dataSources: new Map(),
    cards: new Map(),
  },
};

/** Every finding and group, as the audit page opens them. */
const drillDowns = Object.values(findings.byKey).flatMap(({ key, groups }) => [
  { key, group: undefined },
  ...[...groups].map((group) => ({ key, group: group.key })),
]) as Array<{ key: FindingKey; group: string | undefined }>;

const findingsAt = drillDowns.flatMap(({ group }, at) => (group === undefined ? [at] : []));

const values = (pick: (field: FieldFacts) => string[]) => [...new Set(facts.flatMap(pick))];
const linked = (type: string) =>
  values((field) => field.links.filter((link) => link.type === type).map((link) => link.id));

const filterArbitrary: fc.Arbitrary<NormalizedFilter> = fc.oneof(
  fc.record({
    kind: fc.constant('dependents' as const),
    fieldId: fc.option(fc.integer({ min: 1, max: SIZE + 50 }), { nil: undefined }),
  }),
  fc.record({
    kind: fc.constant('flag' as const),
    flag: fc.constantFrom(...flagFilters),
    negated: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('list' as const),
    field: fc.constant('owner' as const),
    values: fc.uniqueArray(fc.constantFrom(...ownerIds), { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    kind: fc.constant('list' as const),
    field: fc.constantFrom(
      'dataset' as const,
      'card' as const,
      'status' as const,
      'function' as const,
    ),
    values: fc.uniqueArray(
      fc.constantFrom(
        ...linked('DATA_SOURCE'),
        ...linked('CARD'),
        ...values((field) => field.functions),
        'VALID',
        'invalid',
      ),
      { minLength: 1, maxLength: 3 },
    ),
  }),
);

const requestArbitrary: fc.Arbitrary<NormalizedSearchRequest> = fc.record({
  name: fc.oneof(
    fc.constant(''),
    fc.constantFrom('t', 'ti', 'tie', 'tied n', 'e', 'profit'),
    fc.string({ maxLength: 3 }),
  ),
  filters: fc.array(filterArbitrary, { maxLength: 3 }),
  sort: fc.record({ field: fc.constantFrom(...sortFields), ascending: fc.boolean() }),
  limit: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.constant(5000)),
  offset: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: SIZE })),
});

const lockArbitrary = fc.option(
  fc.record({
    id: fc.integer({ min: 1, max: SIZE }),
    locked: fc.boolean(),
    lastModified: fc.oneof(fc.constant(TIED_TIME), fc.integer({ min: 0, max: 2e12 })),
  }),
);

/** What a drill-down answered before: an index of the finding's fields alone, built from their facts. */
function ownIndex(current: Pick<ReadonlyMap<number, FieldFacts>, 'get'>, ids: readonly number[]) {
  const columns = indexColumnsOfFacts(
    ids.map((id) => current.get(id)!),
    findings.references.references,
    findings.directory?.owners,
  );
  return new FieldIndex(columns);
}

/** The page the index of every field answers, with every field outside `ids` left out. */
function restricted(index: FieldIndex, request: NormalizedSearchRequest, ids: readonly number[]) {
  const inFinding = new Set(ids);
  const all = index.search({ ...request, offset: 0, limit: SIZE }).ids.filter((id) => {
    return inFinding.has(id);
  });
  const offset = request.offset ?? 0;
  const page = all.slice(offset, offset + request.limit);
  return { totalHits: all.length, ids: page, hasMore: offset + page.length < all.length };
}

const usesNested = (request: NormalizedSearchRequest) =>
  request.filters.some((filter) => filter.kind === 'flag' && filter.flag === 'nested');

it('a drill-down answers exactly as the index of its own fields did, ties, locks and empty findings included', () => {
  // As a view holds them: the index of every field, and each drill-down's subset of it
  // made before any lock.
  const index = new FieldIndex(wholeIndex(findings).parts());
  const subsets = drillDowns.map(({ key, group }) =>
    index.subset(findingIds(findings, key, group)),
  );
  const current = new Map(facts.map((field) => [field.id, field]));
  expect(drillDowns.some(({ key, group }) => findingIds(findings, key, group).length === 0)).toBe(
    true,
  );
  fc.assert(
    fc.property(
      lockArbitrary,
      // Half the time a whole finding: most drill-downs are groups of a few fields.
      fc.oneof(fc.constantFrom(...findingsAt), fc.nat(drillDowns.length - 1)),
      requestArbitrary,
      (lock, which, request) => {
        if (lock) {
          index.applyLock(lock.id, lock.locked, lock.lastModified);
          current.set(lock.id, { ...current.get(lock.id)!, ...lock });
        }
        const { key, group } = drillDowns[which]!;
        const ids = findingIds(findings, key, group);
        const answer: IdPage = index.search(request, subsets[which]);
        expect(answer).toEqual(restricted(index, request, ids));
        // `nested` alone is read from every field now (below).
        if (!usesNested(request)) expect(answer).toEqual(ownIndex(current, ids).search(request));
      },
    ),
    { numRuns: 300 },
  );
});

it('every finding and group, in every order, answers as the index of its own fields did', () => {
  const index = wholeIndex(findings);
  for (const { key, group } of drillDowns) {
    const ids = findingIds(findings, key, group);
    const subset = index.subset(ids);
    const own = ownIndex(findings.fields, ids);
    for (const field of sortFields) {
      for (const ascending of [true, false]) {
        const request: NormalizedSearchRequest = {
          filters: [],
          sort: { field, ascending },
          limit: SIZE,
        };
        expect(index.search(request, subset), `${key} ${group} ${field}`).toEqual(
          own.search(request),
        );
      }
    }
  }
});

it('locks after the findings that tie fields in lastModified page every finding as its own index did', () => {
  const index = wholeIndex(findings);
  const subsets = drillDowns.map(({ key, group }) =>
    index.subset(findingIds(findings, key, group)),
  );
  const current = new Map(facts.map((field) => [field.id, field]));
  for (const field of facts.filter((_, at) => at % 3 === 1)) {
    const locked = { ...field, locked: !field.locked, lastModified: TIED_TIME };
    index.applyLock(locked.id, locked.locked, locked.lastModified);
    current.set(locked.id, locked);
  }
  drillDowns.forEach(({ key, group }, at) => {
    const own = ownIndex(current, findingIds(findings, key, group));
    for (const ascending of [true, false]) {
      for (const filters of [[], [{ kind: 'flag', flag: 'locked', negated: true }]] as const) {
        const request = { filters: [...filters], sort: { field: 'lastModified', ascending } };
        for (const offset of [0, 5, 40]) {
          const page = { ...request, limit: 20, offset } as NormalizedSearchRequest;
          expect(index.search(page, subsets[at])).toEqual(own.search(page));
        }
      }
    }
  });
});

it('nested in a drill-down is nested by any field, as the fields table says, not only by one of the finding', () => {
  const index = wholeIndex(findings);
  const nestedOnly: NormalizedSearchRequest = {
    filters: [{ kind: 'flag', flag: 'nested', negated: false }],
    sort: { field: 'id', ascending: true },
    limit: SIZE,
  };
  const nested = new Set(index.search(nestedOnly).ids);
  const outsideOnly = drillDowns.find(({ key, group }) => {
    const ids = findingIds(findings, key, group);
    const own = new Set(ownIndex(findings.fields, ids).search(nestedOnly).ids);
    return ids.some((id) => nested.has(id) && !own.has(id));
  });
  expect(outsideOnly).toBeDefined();
  const ids = findingIds(findings, outsideOnly!.key, outsideOnly!.group);

  const answer = index.search(nestedOnly, index.subset(ids)).ids;

  expect(answer).toEqual(ids.filter((id) => nested.has(id)));
});
