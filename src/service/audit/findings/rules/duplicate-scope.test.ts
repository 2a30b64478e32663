import { describe, expect, it } from 'vitest';
import { FUNCTION_TEMPLATE } from '../../../../contract/field';
import { demoFacts } from '../../test-support/demo-facts';
import type { FieldFacts, LinkFacts } from '../field-facts';
import type { InstanceDirectory } from '../instance-directory';
import { FactsTable } from '../facts-table';
import { DuplicateScopes, duplicateScope } from './duplicate-scope';

const link = (type: string, id: string): LinkFacts => ({
  type,
  id,
  visible: true,
  active: true,
  valid: 'VALID',
});

const [template] = demoFacts(1, 3);
const withLinks = (links: LinkFacts[], variable = false): FieldFacts => ({
  ...template!,
  links,
  variable,
});

/** Fields whose scopes are the same in ways a text of their links would not tell. */
const fields: FieldFacts[] = [
  withLinks([]),
  withLinks([], true),
  withLinks([link('DATA_SOURCE', 'sales')]),
  withLinks([link('DATA_SOURCE', 'sales')], true),
  withLinks([link('DATA_SOURCE', 'sales'), link('DATA_SOURCE', 'sales')]),
  withLinks([link('DATA_SOURCE', 'sales'), link('CARD', 'pipeline')]),
  withLinks([link('CARD', 'pipeline'), link('DATA_SOURCE', 'sales')]),
  withLinks([link('CARD', 'pipeline')]),
  withLinks([link('CARD', 'pipeline'), link('CARD', 'funnel')]),
  withLinks([link('CARD', 'funnel'), link('CARD', 'pipeline')]),
  withLinks([link('CARD', 'orphan')]),
  withLinks([link('CARD', 'sales')]),
  withLinks([link('DATA_SOURCE', 'tickets'), link(FUNCTION_TEMPLATE, 'sales')]),
  withLinks([link('DATA_SOURCE', 'tickets'), link('DATA_SOURCE', 'sales')]),
  withLinks([link('DATA_SOURCE', 'sales'), link('DATA_SOURCE', 'tickets')]),
  ...demoFacts(200, 11),
];

const directory: InstanceDirectory = {
  owners: new Map(),
  dataSources: new Map([['sales', { name: 'Sales', columns: [] }]]),
  cards: new Map([
    ['pipeline', { title: 'Pipeline', dataSourceId: 'sales' }],
    ['funnel', { title: 'Funnel', dataSourceId: 'sales' }],
  ]),
};

describe('DuplicateScopes', () => {
  it.each([
    ['with a directory naming cards’ data sources', directory],
    ['without a directory', undefined],
  ])('are the same for two fields exactly when their scopes are (%s)', (_, known) => {
    // Ids in the order given, so that the columns' positions are the fields'.
    const table = FactsTable.of(fields.map((field, index) => ({ ...field, id: index })));
    const scopeOf = (field: FieldFacts) => JSON.stringify(duplicateScope(field, known));
    const scopes = [...table.values()].map(scopeOf);
    const found = DuplicateScopes.of(table.asColumns(), known);
    const positions = scopes.map((_, at) => at);
    expect(new Set(positions.map((at) => found.hashAt(at))).size).toBeGreaterThan(10);
    const sameScope = scopes.map((first) => scopes.map((second) => first === second));
    const same = positions.map((first) => positions.map((second) => found.same(first, second)));
    expect(same).toEqual(sameScope);
    for (const first of positions)
      for (const second of positions)
        if (sameScope[first]![second]) expect(found.hashAt(first)).toBe(found.hashAt(second));
  });
});
