import { VALID } from '../../../contract/field';
import type { CalculatedField } from '../../../contract/field';

/** A plain valid field as the instance returns it, with only what a test sets changed. */
export function calculatedField(overrides: Partial<CalculatedField> = {}): CalculatedField {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Field ${id}`,
    owner: 1,
    locked: false,
    global: false,
    expression: '1',
    checkSum: String(id),
    links: [],
    legacyId: `calculation_${id}`,
    lastModified: 0,
    created: 0,
    aggregated: false,
    analytic: false,
    dataType: 'DECIMAL',
    status: VALID,
    cacheWindow: 'day',
    columnPositions: [],
    functions: [],
    archived: false,
    hidden: false,
    variable: false,
    ...overrides,
  };
}
