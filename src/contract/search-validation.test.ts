import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SearchFilter, SearchRequest } from './search';
import {
  DEPENDENTS_FILTER,
  flagFilterNames,
  listFilters,
  searchRequestSchema,
  sortFields,
} from './search';
import { searchRequestValidation } from './search-validation';

const idArbitrary = fc.oneof(
  fc.integer({ min: 1, max: 10_000 }),
  fc.stringMatching(/^[1-9]\d{0,5}$/),
);

const filterArbitrary: fc.Arbitrary<SearchFilter> = fc.oneof(
  fc.constantFrom(...flagFilterNames).map((field) => ({ field })),
  fc
    .option(fc.boolean(), { nil: undefined })
    .map((value) =>
      value === undefined ? { field: 'inactive' as const } : { field: 'inactive' as const, value },
    ),
  fc.record({
    field: fc.constantFrom(...listFilters),
    idList: fc.array(idArbitrary, { minLength: 1, maxLength: 4 }),
  }),
  idArbitrary.map((value) => ({ field: DEPENDENTS_FILTER, value })),
);

const requestArbitrary: fc.Arbitrary<SearchRequest> = fc.record(
  {
    filters: fc.array(filterArbitrary, { maxLength: 5 }),
    sort: fc.record({ field: fc.constantFrom(...sortFields), ascending: fc.boolean() }),
    limit: fc.integer({ min: 1, max: 5000 }),
    name: fc.string({ maxLength: 20 }),
    offset: fc.integer({ min: 0, max: 100_000 }),
  },
  { requiredKeys: ['filters', 'sort', 'limit'] },
);

describe('the search request schema and the service agree', () => {
  it('every request a client may write by the schema is one the service accepts', () => {
    fc.assert(
      fc.property(requestArbitrary, (request) => {
        expect(searchRequestSchema.safeParse(request).success).toBe(true);
        const validated = searchRequestValidation.safeParse(request);
        expect(validated.success, JSON.stringify(validated.error?.issues)).toBe(true);
        expect(validated.data?.filters).toHaveLength(request.filters.length);
      }),
    );
  });

  it('owner ids must be numbers, which the schema alone cannot say of a list shared by all list filters', () => {
    const request = {
      filters: [{ field: 'owner', idList: ['ann'] }],
      sort: { field: 'name', ascending: true },
      limit: 1,
    };
    expect(searchRequestValidation.safeParse(request).success).toBe(false);
  });
});
