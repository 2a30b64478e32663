import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH, sortFields } from '../../contract/search';
import { searchRequestValidation } from '../../contract/search-validation';
import { plainlyValidSearch } from './search-body';

const validFilter = fc.constantFrom(
  { field: 'locked' },
  { field: 'NotArchived' },
  { field: 'inactive', value: false },
  { field: 'owner', idList: [1, '2'] },
  { field: 'status', idList: ['valid'] },
  { field: 'templateDependencies', value: '12' },
  { field: 'templateDependencies', value: 0 },
);
const validBody = fc.record(
  {
    filters: fc.array(validFilter, { maxLength: 3 }),
    sort: fc.record({
      field: fc.constantFrom(...sortFields, 'NAME', 'Created'),
      ascending: fc.boolean(),
    }),
    limit: fc.integer({ min: 1, max: 5000 }),
    name: fc.oneof(fc.string({ maxLength: 8 }), fc.constant('*')),
    offset: fc.nat({ max: 2e6 }),
  },
  { requiredKeys: ['filters', 'sort', 'limit'] },
);
/** One part of a valid body made wrong (or near the edge), in one of many ways. */
const wrongPart = fc.oneof(
  fc.record({
    key: fc.constantFrom('filters', 'sort', 'limit', 'name', 'offset', 'other'),
    value: fc.anything(),
  }),
  fc.constantFrom(
    { key: 'limit', value: 0 },
    { key: 'limit', value: 5001 },
    { key: 'limit', value: 2.5 },
    { key: 'limit', value: '50' },
    { key: 'offset', value: -1 },
    { key: 'offset', value: 1.5 },
    { key: 'offset', value: 2 ** 60 },
    { key: 'name', value: '\uD800x' },
    { key: 'name', value: 'x'.repeat(NAME_MAX_LENGTH) },
    { key: 'name', value: 'x'.repeat(NAME_MAX_LENGTH + 1) },
    { key: 'sort', value: { field: 'name', ascending: true, extra: 1 } },
    { key: 'sort', value: { field: 'size', ascending: true } },
    { key: 'sort', value: { field: 'name', ascending: 'yes' } },
    { key: 'sort', value: { field: 'name' } },
    { key: 'filters', value: [{ field: 'bogus' }] },
    { key: 'filters', value: [{ field: 'locked', value: true }] },
    { key: 'filters', value: [{ field: 'owner', idList: [] }] },
    { key: 'filters', value: [{ field: 'locked' }, 'locked'] },
    { key: 'filters', value: {} },
  ),
);
const bodyArbitrary = fc
  .tuple(validBody, fc.option(wrongPart, { nil: undefined }))
  .map(([body, wrong]) => (wrong ? { ...body, [wrong.key]: wrong.value } : body));

describe('plainlyValidSearch', () => {
  it('accepts only what the full validation accepts, and reads it the same', () => {
    fc.assert(
      fc.property(fc.oneof({ arbitrary: bodyArbitrary, weight: 9 }, fc.anything()), (body) => {
        const fast = plainlyValidSearch(body);
        if (fast === undefined) return;
        const full = searchRequestValidation.safeParse(body);
        expect(full.success).toBe(true);
        expect(fast).toEqual(full.data);
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the searches the app and scripts send without the full validation', () => {
    const sort = { field: 'name', ascending: true };
    for (const body of [
      { filters: [], sort, limit: 50, offset: 4950 },
      { filters: [], sort, limit: 50, name: 'margin' },
      { filters: [{ field: 'notlocked' }, { field: 'notarchived' }], sort, limit: 50 },
      { filters: [{ field: 'templateDependencies', value: '448' }], sort, limit: 5000 },
      {
        filters: [{ field: 'owner', idList: ['7'] }],
        sort: { field: 'lastModified', ascending: false },
        limit: 1,
        name: '*',
      },
    ]) {
      expect(plainlyValidSearch(body)).toEqual(searchRequestValidation.parse(body));
    }
  });
});
