import fc from 'fast-check';
import { expect, test } from 'vitest';
import { searchPageSchema } from './search-page';
import { quickReadSearchPage } from './search-page-quick-read';

// The quick read is the schema's shortcut, never a second shape: on any answer it must
// read what searchPageSchema reads, or leave the answer to it.

/** Mostly a value of the contract's shape; now and then any JSON value in its place. */
const mostly = <T>(shaped: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: shaped, weight: 150 }, { arbitrary: fc.jsonValue(), weight: 1 });

const rarely = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: fc.constant(null), weight: 60 }, { arbitrary: value, weight: 1 });

/** Mostly these properties; now and then one left out, or one more of any name. */
function mostlyObject(properties: Record<string, fc.Arbitrary<unknown>>) {
  const names = Object.keys(properties);
  return fc
    .tuple(
      fc.record(Object.fromEntries(names.map((name) => [name, mostly(properties[name]!)]))),
      rarely(fc.constantFrom(...names)),
      rarely(fc.tuple(fc.string({ maxLength: 8 }), fc.jsonValue())),
    )
    .map(([object, leftOut, extra]) => {
      const answer: Record<string, unknown> = { ...object };
      if (leftOut !== null) delete answer[leftOut];
      if (extra !== null) answer[extra[0]] = extra[1];
      return answer;
    });
}

/** Now and then past the safe integers, which zod 4's int() refuses. */
const int = fc.oneof(
  { arbitrary: fc.integer(), weight: 20 },
  fc.maxSafeInteger(),
  fc.constant(2 ** 53),
);
const linkId = fc.oneof(fc.string({ maxLength: 12 }), int, fc.double({ noNaN: true }));

const link = mostlyObject({
  resource: mostlyObject({
    type: fc.constantFrom('DATA_SOURCE', 'CARD', 'FUNCTION_TEMPLATE'),
    id: linkId,
  }),
  visible: fc.boolean(),
  active: fc.boolean(),
  valid: fc.constantFrom('VALID', 'ILLEGAL_REFERENCE'),
});

const row = mostlyObject({
  id: int,
  name: fc.string({ maxLength: 20 }),
  owner: int,
  lastModified: int,
  created: int,
  global: fc.boolean(),
  locked: fc.boolean(),
  legacyId: fc.string({ maxLength: 8 }),
  status: fc.constantFrom('VALID', 'INVALID'),
  links: fc.array(link, { maxLength: 3 }),
  archived: fc.boolean(),
  activeLinks: fc.dictionary(
    fc.constantFrom('CARD', 'DATA_SOURCE', '__proto__', 'constructor'),
    fc.array(linkId, { maxLength: 3 }),
  ),
  variable: fc.boolean(),
  dataType: fc.option(fc.constantFrom('DECIMAL', 'STRING'), { nil: null }),
});

const instanceData = fc.oneof(
  mostlyObject({
    source: fc.constant('snapshot'),
    asOf: fc.oneof(int, fc.double({ noNaN: true, noDefaultInfinity: true })),
    refreshEveryMs: int,
    checkingDeletions: fc.boolean(),
    refreshError: fc.oneof(
      { arbitrary: fc.string({ maxLength: 10 }), weight: 5 },
      fc.string({ minLength: 599, maxLength: 601 }),
    ),
    listedOnly: fc.boolean(),
  }),
  mostlyObject({ source: fc.constant('instance'), firstScanRunning: fc.boolean() }),
);

const answer = mostlyObject({
  totalHits: int,
  results: fc.array(row, { maxLength: 4 }),
  hasMore: fc.boolean(),
  degraded: fc.boolean(),
  instanceData,
});

/** As the browser gets it: JSON, so no undefined, NaN or Infinity. */
const asSent = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

test('a search answer is read as searchPageSchema reads it whole, or left to the schema', () => {
  const seen = { readQuickly: 0, leftToTheSchema: 0 };
  fc.assert(
    fc.property(fc.oneof({ arbitrary: answer, weight: 20 }, fc.jsonValue()), (sent) => {
      const data = asSent(sent);
      const quick = quickReadSearchPage(data);
      const schema = searchPageSchema.safeParse(data);
      const readWhole = schema.success && schema.data.unreadableRows.length === 0;
      if (readWhole) expect(quick).toEqual(schema.data);
      else expect(quick).toBeUndefined();
      seen[quick ? 'readQuickly' : 'leftToTheSchema']++;
    }),
    { numRuns: 1000 },
  );
  // Both kinds of answer came up often enough for the comparison to mean something.
  expect(seen.readQuickly).toBeGreaterThan(200);
  expect(seen.leftToTheSchema).toBeGreaterThan(200);
});

test('a "__proto__" type in activeLinks is skipped as the schema skips it, whatever it holds', () => {
  const sent = JSON.parse(
    '{"totalHits":1,"hasMore":false,"degraded":false,"results":[{"id":1,"name":"a","owner":2,' +
      '"lastModified":0,"created":0,"global":false,"locked":false,"legacyId":"","status":"VALID",' +
      '"links":[],"archived":false,"variable":false,"dataType":null,' +
      '"activeLinks":{"__proto__":[null],"CARD":["7"]}}]}',
  );
  const schema = searchPageSchema.parse(sent);
  const quick = quickReadSearchPage(sent);
  expect(quick).toEqual(schema);
  expect(Object.getPrototypeOf(quick?.results[0]?.activeLinks)).toBe(Object.prototype);
});

test('a row already as the schema reads it is kept as parsed; one the schema turns is read anew', () => {
  const row = (linkId: string) =>
    '{"id":1,"name":"a","owner":2,"lastModified":0,"created":0,"global":false,"locked":false,' +
    '"legacyId":"","status":"VALID","archived":false,"variable":false,"dataType":"DECIMAL",' +
    `"links":[{"resource":{"type":"CARD","id":${linkId}},"visible":true,"active":true,"valid":"VALID"}],` +
    `"activeLinks":{"CARD":[${linkId}]}}`;
  const sent = JSON.parse(
    `{"totalHits":2,"hasMore":false,"degraded":false,"results":[${row('"7"')},${row('7')}]}`,
  );
  const quick = quickReadSearchPage(sent);
  expect(quick).toEqual(searchPageSchema.parse(sent));
  // Copying every row of a 5,000-row page, and collecting the parsed ones, was most of its read.
  expect(quick?.results[0]).toBe(sent.results[0]);
  expect(quick?.results[1]).not.toBe(sent.results[1]);
  expect(quick?.results[1]?.activeLinks).toEqual({ CARD: ['7'] });
});
