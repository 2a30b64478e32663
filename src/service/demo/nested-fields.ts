import { NESTED_FIELD_CALL } from '../../analysis/field-references';
import type { DemoDataSource } from './demo-data-source';
import type { FieldDraft } from './field-draft';
import { ref } from './field-draft';
import type { SeededRandom } from './seeded-random';

/** A field another field can nest: linked to the data source. */
export interface Target {
  id: number;
  name: string;
  /** It nests another field itself, so nesting it makes a chain. */
  nestsAnother: boolean;
}

/** Chance that a nested field nests a field that nests another itself, making chains. */
const chainChance = 0.15;

/**
 * The fields generated so far that later fields of the same data source can
 * nest by id (docs/expressions.md, nested references). Only earlier fields are
 * nested, so the demo has chains but never a cycle.
 */
export class ReferenceableFields {
  private readonly bySource = new Map<string, { all: Target[]; nesting: Target[] }>();
  private readonly namesBySource = new Map<string, Set<string>>();

  /** Notes a generated field; `linked` says whether it is linked to `source`. */
  remember(source: DemoDataSource, target: Target, linked: boolean): void {
    this.namesOn(source).add(target.name);
    if (!linked) return;
    let targets = this.bySource.get(source.record.id);
    if (!targets) {
      targets = { all: [], nesting: [] };
      this.bySource.set(source.record.id, targets);
    }
    targets.all.push(target);
    if (target.nestsAnother) targets.nesting.push(target);
  }

  hasTargets(source: DemoDataSource): boolean {
    return (this.bySource.get(source.record.id)?.all.length ?? 0) > 0;
  }

  pickTarget(source: DemoDataSource, random: SeededRandom): Target {
    const targets = this.bySource.get(source.record.id)!;
    const chain = targets.nesting.length > 0 && random.chance(chainChance);
    return random.pick(chain ? targets.nesting : targets.all);
  }

  /** `name`, or `name 2`, `name 3`... whichever is not yet used on the data source. */
  uniqueName(source: DemoDataSource, name: string): string {
    const names = this.namesOn(source);
    let candidate = name;
    for (let suffix = 2; names.has(candidate); suffix += 1) candidate = `${name} ${suffix}`;
    return candidate;
  }

  private namesOn(source: DemoDataSource): Set<string> {
    let names = this.namesBySource.get(source.record.id);
    if (!names) {
      names = new Set();
      this.namesBySource.set(source.record.id, names);
    }
    return names;
  }
}

/** How an expression uses the field with this id. */
const nest = (id: number) => `${NESTED_FIELD_CALL}(${id})`;

/** A field built on another field of its data source. */
export function nestedDraft(
  source: DemoDataSource,
  { id, name: target }: Target,
  random: SeededRandom,
): FieldDraft {
  const measure = source.columns.measures[0];
  const makers: Array<() => FieldDraft> = [
    () => ({
      name: `${target} (Adjusted)`,
      expression: `${nest(id)} * 1.1`,
      dataType: 'DECIMAL',
    }),
    () => ({
      name: `${target} Band`,
      expression: `CASE WHEN ${nest(id)} > 0 THEN 'Positive' ELSE 'Zero or less' END`,
      dataType: 'STRING',
    }),
    () => ({
      name: `${target} Rounded`,
      expression: `ROUND(${nest(id)}, 2)`,
      dataType: 'DECIMAL',
    }),
  ];
  if (measure !== undefined) {
    makers.push(() => ({
      name: `${target} per ${measure}`,
      expression: `${nest(id)} / NULLIF(SUM(${ref(measure)}), 0)`,
      dataType: 'DECIMAL',
    }));
  }
  return random.pick(makers)();
}

/**
 * A field that still nests a field since deleted, the way references break when
 * a field they depend on is removed: `retiredId` is the id no field has any more.
 */
export function retiredFieldDraft(target: Target, retiredId: number): FieldDraft {
  return {
    name: `${target.name} (Legacy)`,
    expression: `${nest(retiredId)} * 1.1`,
    dataType: 'DECIMAL',
  };
}
