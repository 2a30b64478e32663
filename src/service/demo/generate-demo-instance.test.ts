import { describe, expect, it } from 'vitest';
import type { FieldRecordInput, InstanceFile } from '../instance/instance-file';
import {
  cardRecordSchema,
  dataSourceRecordSchema,
  fieldRecordSchema,
  instanceFileSchema,
  ownerRecordSchema,
} from '../instance/instance-file';
import { demoScale, historyMs } from './demo-mix';
import { defaultDemoNow } from './demo-options';
import { pluralOf } from './long-templates';
import { isWellFormed, referencedColumns } from './expression-syntax.test-helper';
import { generateDemoInstance } from './generate-demo-instance';
import { planDemoInstance } from './plan-demo-instance';

function share(fields: readonly FieldRecordInput[], test: (field: FieldRecordInput) => boolean) {
  return fields.filter(test).length / fields.length;
}

/**
 * Every broken reference, described; collected rather than asserted one by one to stay
 * fast. `fields` may be a stream, so that a large instance is checked without holding it.
 */
function crossReferenceProblems(
  instance: Pick<InstanceFile, 'owners' | 'dataSources' | 'cards'>,
  fields: Iterable<FieldRecordInput>,
): string[] {
  const problems: string[] = [];
  const ownerIds = new Set(instance.owners.map((owner) => owner.id));
  const sourceIds = new Set(instance.dataSources.map((source) => source.id));
  const cardSource = new Map(instance.cards.map((card) => [card.id, card.dataSourceId]));
  if (ownerIds.size !== instance.owners.length) problems.push('owner ids repeat');
  if (sourceIds.size !== instance.dataSources.length) problems.push('data source ids repeat');
  if (cardSource.size !== instance.cards.length) problems.push('card ids repeat');
  for (const card of instance.cards) {
    if (!sourceIds.has(card.dataSourceId)) problems.push(`card ${card.id}: unknown data source`);
  }
  for (const field of fields) {
    const problem = (text: string) => problems.push(`field ${field.id}: ${text}`);
    if (!ownerIds.has(field.owner)) problem(`unknown owner ${field.owner}`);
    const links = field.links ?? [];
    const dataSourceLinks = links.filter((link) => link.type === 'DATA_SOURCE');
    if (dataSourceLinks.length > 1) problem('more than one data source link');
    for (const link of dataSourceLinks) {
      if (!sourceIds.has(link.id)) problem(`unknown data source ${link.id}`);
    }
    const cardLinks = links.filter((link) => link.type === 'CARD');
    if (new Set(cardLinks.map((link) => link.id)).size !== cardLinks.length) {
      problem('links a card twice');
    }
    for (const link of cardLinks) {
      const source = cardSource.get(link.id);
      if (source === undefined) problem(`unknown card ${link.id}`);
      // Cards a field is used on are built on the field's own data source.
      else if (source !== (dataSourceLinks[0]?.id ?? cardSource.get(cardLinks[0]?.id ?? ''))) {
        problem(`card ${link.id} is on another data source`);
      }
    }
  }
  return problems;
}

/** The data source a field's expression is written against, from whichever link says. */
function linkedSourceId(instance: InstanceFile, field: FieldRecordInput): string | undefined {
  const links = field.links ?? [];
  const dataSourceLink = links.find((link) => link.type === 'DATA_SOURCE');
  if (dataSourceLink) return dataSourceLink.id;
  const cardLink = links.find((link) => link.type === 'CARD');
  return instance.cards.find((card) => card.id === cardLink?.id)?.dataSourceId;
}

describe('generateDemoInstance', () => {
  it('gives byte-identical output for the same options and different output for another seed', () => {
    const first = JSON.stringify(generateDemoInstance({ fields: 500, seed: 7 }));
    const second = JSON.stringify(generateDemoInstance({ fields: 500, seed: 7 }));
    const other = JSON.stringify(generateDemoInstance({ fields: 500, seed: 8 }));
    expect(second).toBe(first);
    expect(other).not.toBe(first);
  });

  it('uses a fixed default seed and clock', () => {
    expect(JSON.stringify(generateDemoInstance({ fields: 50 }))).toBe(
      JSON.stringify(generateDemoInstance({ fields: 50 })),
    );
    const instance = generateDemoInstance({ fields: 200 });
    for (const field of instance.fields) {
      expect(field.created).toBeLessThanOrEqual(defaultDemoNow);
      expect(field.lastModified).toBeLessThanOrEqual(defaultDemoNow);
    }
  });

  it('moves timestamps with `now`', () => {
    const now = Date.UTC(2030, 0, 1);
    const fields = generateDemoInstance({ fields: 300, now }).fields;
    expect(Math.max(...fields.map((field) => field.lastModified ?? 0))).toBeGreaterThan(
      defaultDemoNow,
    );
  });

  it('refuses options it cannot honour', () => {
    expect(() => generateDemoInstance({ fields: -1 })).toThrow(RangeError);
    expect(() => generateDemoInstance({ fields: 1.5 })).toThrow(RangeError);
    expect(() => generateDemoInstance({ fields: 10, seed: Number.NaN })).toThrow(RangeError);
    expect(() => generateDemoInstance({ fields: 10, now: -5 })).toThrow(RangeError);
  });

  it('produces an empty field list for zero fields', () => {
    const instance = generateDemoInstance({ fields: 0 });
    expect(instance.fields).toEqual([]);
    expect(instance.dataSources.length).toBeGreaterThanOrEqual(40);
  });

  it.each([1, 7, 2_000])(
    'passes the record schemas and keeps cross-references (seed %i)',
    (seed) => {
      const instance = generateDemoInstance({ fields: 2_000, seed });
      expect(instanceFileSchema.safeParse(instance).success).toBe(true);
      for (const owner of instance.owners) ownerRecordSchema.parse(owner);
      for (const source of instance.dataSources) dataSourceRecordSchema.parse(source);
      for (const card of instance.cards) cardRecordSchema.parse(card);
      for (const field of instance.fields) {
        // strictObject rejects unknown keys, so this also proves no stray properties.
        expect(fieldRecordSchema.parse(field)).toEqual(field);
      }
      expect(instance.fields.map((field) => field.id)).toEqual(
        Array.from({ length: 2_000 }, (_, i) => i + 1),
      );
      expect(new Set(instance.fields.map((field) => field.legacyId)).size).toBe(2_000);
      expect(crossReferenceProblems(instance, instance.fields)).toEqual([]);
    },
  );

  describe('with 2,000 fields', () => {
    const instance = generateDemoInstance({ fields: 2_000 });
    const { fields, owners, dataSources, cards } = instance;
    const links = fields.flatMap((field) => field.links ?? []);

    it('has a realistic number of owners, data sources and cards', () => {
      expect(owners.length).toBeGreaterThanOrEqual(30);
      expect(owners.length).toBeLessThanOrEqual(200);
      for (const owner of owners) expect(String(owner.id)).toMatch(/^[1-9]\d{4,7}$/);
      expect(new Set(owners.map((owner) => owner.name)).size).toBe(owners.length);
      expect(dataSources.length).toBeGreaterThanOrEqual(40);
      expect(dataSources.length).toBeLessThanOrEqual(120);
      expect(new Set(dataSources.map((source) => source.name)).size).toBe(dataSources.length);
      for (const source of dataSources) {
        expect(source.columns.length).toBeGreaterThanOrEqual(8);
        expect(source.columns.length).toBeLessThanOrEqual(40);
        expect(new Set(source.columns).size).toBe(source.columns.length);
      }
      const withCards = new Set(cards.map((card) => card.dataSourceId));
      expect(withCards.size).toBe(dataSources.length);
    });

    it('names an owner of every data source and of most cards, each a known owner', () => {
      const ownerIds = new Set(owners.map((owner) => owner.id));
      for (const source of dataSources) expect(ownerIds.has(source.owner!)).toBe(true);
      const cardOwners = cards.flatMap((card) => card.owner ?? []);
      for (const owner of cardOwners) expect(ownerIds.has(owner)).toBe(true);
      expect(cardOwners.length).toBeGreaterThan(cards.length * 0.8);
      expect(cardOwners.length).toBeLessThan(cards.length);
    });

    it('has business-like data source and column names', () => {
      const names = dataSources.map((source) => source.name);
      for (const expected of [
        'Sales Orders',
        'Marketing Leads',
        'Support Tickets',
        'Inventory Snapshots',
      ]) {
        expect(names).toContain(expected);
      }
      const columns = new Set(dataSources.flatMap((source) => source.columns));
      for (const expected of ['Revenue', 'Order Date', 'Customer ID', 'Region', 'Discount %']) {
        expect(columns).toContain(expected);
      }
    });

    it.each([
      ['locked', (f: FieldRecordInput) => f.locked === true, 0.05, 0.2],
      ['archived', (f: FieldRecordInput) => f.archived === true, 0.02, 0.09],
      ['variable', (f: FieldRecordInput) => f.variable === true, 0.04, 0.13],
      ['global', (f: FieldRecordInput) => f.global === true, 0.05, 0.16],
      ['hidden', (f: FieldRecordInput) => f.hidden === true, 0.01, 0.08],
      ['without links', (f: FieldRecordInput) => (f.links ?? []).length === 0, 0.02, 0.09],
      [
        'with a data source link',
        (f: FieldRecordInput) => (f.links ?? []).some((l) => l.type === 'DATA_SOURCE'),
        0.85,
        0.97,
      ],
      [
        'with card links',
        (f: FieldRecordInput) => (f.links ?? []).some((l) => l.type === 'CARD'),
        0.3,
        0.55,
      ],
      ['malformed', (f: FieldRecordInput) => !isWellFormed(f.expression), 0.015, 0.06],
      ['DECIMAL', (f: FieldRecordInput) => f.dataType === 'DECIMAL', 0.5, 0.8],
      ['cached by day', (f: FieldRecordInput) => f.cacheWindow === 'day', 0.65, 0.92],
    ] as const)('has a plausible share of %s fields', (_label, test, min, max) => {
      const measured = share(fields, test);
      expect(measured).toBeGreaterThanOrEqual(min);
      expect(measured).toBeLessThanOrEqual(max);
    });

    it('uses every data type and cache window', () => {
      const types = new Set(fields.map((field) => field.dataType));
      expect([...types].sort()).toEqual(['BOOLEAN', 'DATE', 'DECIMAL', 'LONG', 'STRING']);
      const windows = new Set(fields.map((field) => field.cacheWindow));
      expect([...windows].sort()).toEqual(['day', 'hour', 'none']);
    });

    it('has 1 to 3 card links per field that uses cards', () => {
      for (const field of fields) {
        const cardLinks = (field.links ?? []).filter((link) => link.type === 'CARD');
        expect(cardLinks.length).toBeLessThanOrEqual(3);
      }
    });

    it('has mostly visible and active links, with some of each kind off', () => {
      const visible = links.filter((link) => link.visible).length / links.length;
      const active = links.filter((link) => link.active).length / links.length;
      expect(visible).toBeGreaterThan(0.8);
      expect(visible).toBeLessThan(0.99);
      expect(active).toBeGreaterThan(0.75);
      expect(active).toBeLessThan(0.95);
    });

    it('references columns (or fields) of the linked data source, except for a few stale fields', () => {
      const columnsOf = new Map(dataSources.map((source) => [source.id, new Set(source.columns)]));
      // A name of another field on the same data source is a nested reference, not stale.
      const fieldNamesOn = new Map<string, Set<string>>();
      for (const field of fields) {
        const sourceId = linkedSourceId(instance, field);
        if (sourceId === undefined) continue;
        if (!fieldNamesOn.has(sourceId)) fieldNamesOn.set(sourceId, new Set());
        fieldNamesOn.get(sourceId)!.add(field.name);
      }
      let checked = 0;
      let stale = 0;
      for (const field of fields) {
        const sourceId = linkedSourceId(instance, field);
        if (sourceId === undefined || !isWellFormed(field.expression)) continue;
        checked++;
        const columns = columnsOf.get(sourceId);
        const names = fieldNamesOn.get(sourceId);
        const known = (name: string) => columns?.has(name) || names?.has(name);
        if (referencedColumns(field.expression).some((name) => !known(name))) stale++;
      }
      expect(checked).toBeGreaterThan(1_700);
      expect(stale / checked).toBeGreaterThanOrEqual(0.02);
      expect(stale / checked).toBeLessThanOrEqual(0.07);
    });

    it('has names that search must treat literally', () => {
      const names = fields.map((field) => field.name);
      expect(names.some((name) => name.includes('%'))).toBe(true);
      expect(names.some((name) => name.includes('_'))).toBe(true);
      expect(names.some((name) => name.includes('\\'))).toBe(true);
      expect(names.some((name) => /[a-z]/.test(name) && name === name.toLowerCase())).toBe(true);
      expect(names.some((name) => /[A-Z]{3}/.test(name) && name === name.toUpperCase())).toBe(true);
    });

    it('repeats some names, and has a few exact duplicate fields', () => {
      const names = fields.map((field) => field.name);
      expect(new Set(names).size).toBeLessThan(names.length);
      const authored = fields.map((field) => `${field.name}\n${field.expression}`);
      const duplicates = authored.length - new Set(authored).size;
      expect(duplicates).toBeGreaterThan(0);
    });

    it('writes expressions the way people do', () => {
      const all = fields.map((field) => field.expression);
      const somewhere = (pattern: RegExp) => all.some((expression) => pattern.test(expression));
      for (const pattern of [
        /^SUM\(`[^`]+`\)$/,
        /NULLIF\(/,
        /CASE WHEN .* THEN .* ELSE .* END/,
        /CASE WHEN [^]*CASE WHEN [^]*END[^]*END/,
        /DATEDIFF\(/,
        /ADDDATE\(/,
        /DATE_SUB\(/,
        /CURRENT_DATE\(\)/,
        /CONCAT\(/,
        /UPPER\(/,
        /LOWER\(/,
        /TRIM\(/,
        /SUBSTRING\(/,
        /COUNT\(DISTINCT `/,
        /SUM\(`[^`]+`\) OVER \(PARTITION BY `/,
        / \* /,
        / \+ /,
        / - /,
        / \/ /,
      ]) {
        expect(somewhere(pattern), String(pattern)).toBe(true);
      }
      const usesAColumnTwice = all.some((expression) => {
        const columns = referencedColumns(expression);
        return new Set(columns).size < columns.length;
      });
      expect(usesAColumnTwice).toBe(true);
    });

    it('has timestamps over the past three years with lastModified not before created', () => {
      for (const field of fields) {
        const created = field.created ?? -1;
        const lastModified = field.lastModified ?? -1;
        expect(created).toBeGreaterThanOrEqual(defaultDemoNow - historyMs);
        expect(lastModified).toBeGreaterThanOrEqual(created);
        expect(lastModified).toBeLessThanOrEqual(defaultDemoNow);
      }
      const oldest = Math.min(...fields.map((field) => field.created ?? 0));
      expect(oldest).toBeLessThan(defaultDemoNow - historyMs * 0.8);
    });
  });

  it('scales owners, data sources and cards with the number of fields', () => {
    let previous = demoScale(0);
    for (const fields of [1, 500, 2_000, 10_000, 100_000, 1_000_000]) {
      const scale = demoScale(fields);
      expect(scale.owners).toBeGreaterThanOrEqual(previous.owners);
      expect(scale.dataSources).toBeGreaterThanOrEqual(previous.dataSources);
      expect(scale.cards).toBeGreaterThanOrEqual(previous.cards);
      expect(scale.owners).toBeGreaterThanOrEqual(30);
      expect(scale.owners).toBeLessThanOrEqual(200);
      expect(scale.dataSources).toBeGreaterThanOrEqual(40);
      expect(scale.dataSources).toBeLessThanOrEqual(120);
      previous = scale;
    }
  });

  it('generates 100,000 fields that keep the invariants', () => {
    // Checked as they are generated (`generateDemoInstance` collects this same stream):
    // holding all 100,000 cost the garbage collector more than generating them.
    const plan = planDemoInstance({ fields: 100_000, seed: 3 });
    expect(plan.dataSources.length).toBeGreaterThan(90);
    expect(plan.dataSources.length).toBeLessThanOrEqual(120);
    expect(plan.owners.length).toBeLessThanOrEqual(200);
    let count = 0;
    let idsInOrder = true;
    let locked = 0;
    const legacyIds = new Set<string>();
    function* counted(): Generator<FieldRecordInput> {
      for (const field of plan.fields()) {
        if (field.id !== count + 1) idsInOrder = false;
        if (count % 97 === 0) fieldRecordSchema.parse(field);
        if (field.locked === true) locked += 1;
        legacyIds.add(field.legacyId!);
        count += 1;
        yield field;
      }
    }
    expect(crossReferenceProblems(plan, counted())).toEqual([]);
    expect(count).toBe(100_000);
    expect(idsInOrder).toBe(true);
    expect(legacyIds.size).toBe(100_000);
    expect(locked / count).toBeGreaterThan(0.1);
    expect(locked / count).toBeLessThan(0.14);
  });
});

describe('plural names', () => {
  it('follow English spelling', () => {
    expect(
      ['Opportunity', 'Loyalty', 'Day', 'Address', 'Box', 'PO', 'Account'].map(pluralOf),
    ).toEqual(['Opportunities', 'Loyalties', 'Days', 'Addresses', 'Boxes', 'POs', 'Accounts']);
  });
});
