import { expect, it } from 'vitest';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import { importInstance } from '../../instance/import-instance';
import { IndexedFieldStore } from '../../store/indexed-field-store';
import { openDatabase } from '../../store/sqlite/open-database';
import { SqliteFieldStore } from '../../store/sqlite/sqlite-field-store';
import { computeFindings } from '../findings/compute-findings';
import { factsOf } from '../findings/field-facts';
import { demoFacts } from '../test-support/demo-facts';
import { indexColumnsOfFacts } from './index-columns-of-facts';

const TIED_TIME = 1_700_000_000_000;
/** Names that tie once lower-cased, and names whose UTF-16 and code point orders differ. */
const awkwardNames = ['Tied', 'TIED', 'tied', 'Ｒatio', '📈 Ratio', 'ratio', 'Émile'];

/** The store's columns (SQLite's ORDER BY) and the columns built from the same fields' facts. */
function bothColumns(names: readonly string[]) {
  const instance = generateDemoInstance({ fields: 400, seed: 11 });
  // Ties in the name, created and last-modified orders, broken on id.
  instance.fields = instance.fields.map((field, index) => ({
    ...field,
    name: index % 3 === 0 ? names[index % names.length]! : field.name,
    created: index % 4 === 0 ? TIED_TIME : field.created,
    lastModified: index % 5 === 0 ? TIED_TIME - (index % 2) : field.lastModified,
  }));
  const db = openDatabase(':memory:');
  try {
    const sqlite = new SqliteFieldStore(db);
    const fields = new IndexedFieldStore(sqlite, undefined);
    importInstance(fields, instance);
    const facts = instance.fields.map((field) => factsOf(fields.getField(field.id)!));
    const findings = computeFindings(facts, () => new Map());
    const store = sqlite.loadIndexColumns();
    const built = indexColumnsOfFacts(
      findings.fields.values(),
      findings.references.references,
      store.ownerNames,
    );
    return { store, built };
  } finally {
    db.close();
  }
}

it.each([
  ['names of every script', awkwardNames],
  ['names below U+D800 alone', awkwardNames.filter((name) => !/[\uD800-\uFFFF]/.test(name))],
])('builds the columns and orders the store reads from SQLite, ties included: %s', (_, names) => {
  const { store, built } = bothColumns(names);
  expect(built.ids).toHaveLength(400);
  for (const column of [
    'ids',
    'nameKeys',
    'owners',
    'created',
    'lastModified',
    'flags',
    'statuses',
    'ownerNames',
    'copyCounts',
    'fieldsByFunction',
    'fieldsByDataSource',
    'fieldsByCard',
    'fieldsByReference',
    'idOrder',
    'createdOrder',
    'lastModifiedOrder',
  ] as const) {
    expect(built[column], column).toEqual(store[column]);
  }
});

it('lists a field once under a data source it links twice, each list ascending', () => {
  const facts = demoFacts(200, 3);
  const linking = facts.find((field) => field.links.some((link) => link.type === 'DATA_SOURCE'))!;
  const twice = facts.map((field) =>
    field === linking ? { ...field, links: [...field.links, ...field.links] } : field,
  );
  const { fieldsByDataSource } = indexColumnsOfFacts(twice, new Map());
  const dataSource = linking.links.find((link) => link.type === 'DATA_SOURCE')!.id;
  expect(fieldsByDataSource.get(dataSource)!.filter((id) => id === linking.id)).toHaveLength(1);
  for (const ids of fieldsByDataSource.values())
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
});
