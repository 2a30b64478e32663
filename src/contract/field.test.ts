import { describe, expect, it } from 'vitest';
import { calculatedFieldSchema } from './field';

const template = {
  id: 1,
  name: 'Revenue',
  owner: 10,
  locked: false,
  global: false,
  expression: 'SUM(SERVICE_BEAST_MODE(7))',
  checkSum: 'a1b2',
  links: [],
  legacyId: 'calculation_1',
  lastModified: 1,
  created: 1,
  aggregated: true,
  analytic: false,
  dataType: 'DECIMAL',
  status: 'VALID',
  cacheWindow: 'day',
  columnPositions: [],
  functions: ['SUM'],
  archived: false,
  hidden: false,
  variable: false,
};

describe('a full template as an instance sends it', () => {
  it('reads the ids of nested fields sent as text as numbers', () => {
    const field = calculatedFieldSchema.parse({
      ...template,
      functionTemplateDependencies: ['7', 8],
    });
    expect(field.functionTemplateDependencies).toEqual([7, 8]);
  });

  it('reads nested ids of another shape as absent rather than failing the field', () => {
    const field = calculatedFieldSchema.parse({
      ...template,
      functionTemplateDependencies: [{ id: 7 }],
    });
    expect(field.functionTemplateDependencies).toBeUndefined();
  });
});
