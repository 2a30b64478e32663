import { describe, expect, it } from 'vitest';
import { breakExpression, expressionBreaks } from './break-expression';
import { isWellFormed } from './expression-syntax.test-helper';
import { generateDemoInstance } from './generate-demo-instance';

describe('breakExpression', () => {
  const wellFormed = generateDemoInstance({ fields: 600, seed: 11 })
    .fields.map((field) => field.expression)
    .filter(isWellFormed);

  it.each(expressionBreaks)('leaves every expression malformed with a %s mistake', (kind) => {
    expect(wellFormed.length).toBeGreaterThan(400);
    for (const expression of [...wellFormed, '0.25', "'EMEA'"]) {
      expect(isWellFormed(breakExpression(expression, kind)), expression).toBe(false);
    }
  });
});
