import { expect, it } from 'vitest';
import { demoFacts } from '../test-support/demo-facts';
import { wholeIndex } from '../search/finding-index';
import { computeFindings } from './compute-findings';
import { functionUsage } from './function-usage';

it("counts each function's fields as a pass over every field's facts does, most used first", () => {
  const facts = demoFacts(400, 9);
  // A field that names a function twice counts once.
  facts[0] = { ...facts[0]!, functions: ['SUM', 'SUM', 'ZZ_ONCE'] };
  const counted = new Map<string, number>();
  for (const field of facts) {
    for (const name of new Set(field.functions)) counted.set(name, (counted.get(name) ?? 0) + 1);
  }

  const usage = functionUsage(
    wholeIndex(computeFindings(facts, () => new Map())).fieldsPerFunction(),
  );

  expect(new Map(usage.map(({ name, fields }) => [name, fields]))).toEqual(counted);
  expect(usage.find(({ name }) => name === 'ZZ_ONCE')?.fields).toBe(1);
  const order = usage.map(({ fields }) => fields);
  expect(order).toEqual(order.toSorted((a, b) => b - a));
});
