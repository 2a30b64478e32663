import { describe, expect, it } from 'vitest';
import type { DemoDataSource } from './demo-data-source';
import { ReferenceableFields } from './nested-fields';
import { SeededRandom } from './seeded-random';

function source(id: string, columns: string[]): DemoDataSource {
  return {
    record: { id, name: id, columns },
    columns: { ids: [], dates: [], measures: [], categories: [], texts: [] },
    absentColumns: [],
  };
}

describe('ReferenceableFields', () => {
  it('names a nested field now and then, so chains form', () => {
    const fields = new ReferenceableFields();
    const sales = source('sales', []);
    for (let index = 0; index < 20; index += 1)
      fields.remember(sales, { id: index + 1, name: `Plain ${index}`, nestsAnother: false }, true);
    fields.remember(sales, { id: 21, name: 'Nested', nestsAnother: true }, true);
    const random = new SeededRandom(7);
    const picks = Array.from({ length: 1000 }, () => fields.pickTarget(sales, random).name);
    // 1 in 21 by chance alone; the chain chance makes it about 1 in 5.
    expect(picks.filter((name) => name === 'Nested').length).toBeGreaterThan(150);
  });

  const sales = source('sales', ['Revenue']);
  const tickets = source('tickets', []);

  it('offers only earlier fields linked to the same data source', () => {
    const fields = new ReferenceableFields();
    fields.remember(sales, { id: 1, name: 'Not Linked', nestsAnother: false }, false);
    fields.remember(tickets, { id: 2, name: 'Elsewhere', nestsAnother: false }, true);
    expect(fields.hasTargets(sales)).toBe(false);
    fields.remember(sales, { id: 3, name: 'Margin', nestsAnother: false }, true);
    const random = new SeededRandom(1);
    for (let draw = 0; draw < 20; draw += 1)
      expect(fields.pickTarget(sales, random).name).toBe('Margin');
  });

  it('gives a nested field a name not yet used on its data source', () => {
    const fields = new ReferenceableFields();
    fields.remember(sales, { id: 1, name: 'Margin (Adjusted)', nestsAnother: false }, false);
    fields.remember(sales, { id: 2, name: 'Margin (Adjusted) 2', nestsAnother: true }, true);
    expect(fields.uniqueName(sales, 'Margin (Adjusted)')).toBe('Margin (Adjusted) 3');
    expect(fields.uniqueName(tickets, 'Margin (Adjusted)')).toBe('Margin (Adjusted)');
  });
});
