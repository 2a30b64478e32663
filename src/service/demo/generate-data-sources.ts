import type { CategoryColumn, DemoColumns, DemoDataSource } from './demo-data-source';
import type { DataSourceTheme } from './data-source-themes';
import {
  dataSourceNameSuffixes,
  dataSourceThemes,
  housekeepingColumns,
} from './data-source-themes';
import type { SeededRandom } from './seeded-random';

const minColumns = 8;
const maxColumns = 40;

/** Data sources with distinct names, each a random cut of one business theme. */
export function generateDataSources(count: number, random: SeededRandom): DemoDataSource[] {
  const themeOrder = random.shuffle(dataSourceThemes);
  const usesOfTheme = new Map<DataSourceTheme, number>();
  const usedNames = new Set<string>();
  const sources: DemoDataSource[] = [];
  for (let i = 0; i < count; i++) {
    const theme = themeOrder[i] ?? random.pick(dataSourceThemes);
    const use = usesOfTheme.get(theme) ?? 0;
    usesOfTheme.set(theme, use + 1);
    const name = uniqueName(theme, use, usedNames, random);
    sources.push(cutDataSource(theme, name, random));
  }
  return sources;
}

function uniqueName(
  theme: DataSourceTheme,
  use: number,
  usedNames: Set<string>,
  random: SeededRandom,
): string {
  let name =
    theme.names[use] ?? `${random.pick(theme.names)}${random.pick(dataSourceNameSuffixes)}`;
  for (let attempt = 2; usedNames.has(name); attempt++) {
    name = `${random.pick(theme.names)}${random.pick(dataSourceNameSuffixes)}`;
    if (attempt > 20) name = `${random.pick(theme.names)} (${attempt})`;
  }
  usedNames.add(name);
  return name;
}

type Role = 'ids' | 'dates' | 'measures' | 'categories' | 'texts';

/** How many columns of each role every source keeps, so most expression templates apply to it. */
const guaranteed: Record<Role, number> = { ids: 1, dates: 2, measures: 3, categories: 2, texts: 1 };
const roles = Object.keys(guaranteed) as Role[];

function cutDataSource(theme: DataSourceTheme, name: string, random: SeededRandom): DemoDataSource {
  const target = random.int(minColumns, maxColumns);
  const pool = {
    ids: random.shuffle(theme.ids),
    dates: random.shuffle(theme.dates),
    measures: random.shuffle(theme.measures),
    categories: random.shuffle(
      Object.entries(theme.categories).map(([column, values]): CategoryColumn => ({
        column,
        values,
      })),
    ),
    texts: random.shuffle(theme.texts),
  };
  const keep = Object.fromEntries(
    roles.map((role) => [role, Math.min(guaranteed[role], pool[role].length)]),
  ) as Record<Role, number>;
  const spareSlots = roles.flatMap((role) =>
    Array.from({ length: pool[role].length - keep[role] }, () => role),
  );
  const keptSoFar = roles.reduce((sum, role) => sum + keep[role], 0);
  for (const role of random.sample(spareSlots, Math.max(0, target - keptSoFar))) keep[role]++;

  const columns: DemoColumns = {
    ids: pool.ids.slice(0, keep.ids),
    dates: pool.dates.slice(0, keep.dates),
    measures: pool.measures.slice(0, keep.measures),
    categories: pool.categories.slice(0, keep.categories),
    texts: pool.texts.slice(0, keep.texts),
  };
  const business = [
    ...columns.ids,
    ...columns.dates,
    ...columns.categories.map((c) => c.column),
    ...columns.texts,
    ...columns.measures,
  ];
  const present = new Set(business);
  const housekeeping = random.sample(
    housekeepingColumns.filter((column) => !present.has(column)),
    Math.max(0, target - business.length),
  );
  const absentColumns = [
    ...pool.ids.slice(keep.ids),
    ...pool.dates.slice(keep.dates),
    ...pool.measures.slice(keep.measures),
    ...pool.categories.slice(keep.categories).map((c) => c.column),
    ...pool.texts.slice(keep.texts),
  ].filter((column) => !present.has(column));
  return {
    record: { id: random.uuid(), name, columns: [...business, ...housekeeping] },
    columns,
    absentColumns,
  };
}
