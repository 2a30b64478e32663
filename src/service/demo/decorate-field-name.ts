import type { SeededRandom } from './seeded-random';

const folders = ['Finance\\', 'Sales Ops\\', 'BI\\Shared\\', 'Marketing\\'];
const prefixes = ['Copy of ', 'TMP ', 'New ', 'KPI - ', 'z_', 'Q4 '];
const suffixes = [
  ' (Old)',
  ' v2',
  ' - Copy',
  ' YTD',
  ' TEST',
  ' [Deprecated]',
  ' (Do Not Use)',
  '_tmp',
  ' 2',
];

/**
 * People name fields inconsistently: folder-style prefixes with backslashes,
 * snake_case, shouting, copies and leftovers. Search has to cope with all of it.
 */
export function decorateFieldName(name: string, random: SeededRandom): string {
  const roll = random.next();
  let decorated = name;
  if (roll < 0.02) {
    decorated = name.includes(' per ')
      ? name.replace(' per ', '\\')
      : `${random.pick(folders)}${name}`;
  } else if (roll < 0.06) {
    decorated = name
      .toLowerCase()
      .replace(/[^a-z0-9%]+/g, '_')
      .replace(/^_+|_+$/g, '');
  } else if (roll < 0.09) {
    decorated = name.toLowerCase();
  } else if (roll < 0.105) {
    decorated = name.toUpperCase();
  } else if (roll < 0.145) {
    decorated = `${random.pick(prefixes)}${name}`;
  } else if (roll < 0.2) {
    decorated = `${name}${random.pick(suffixes)}`;
  }
  return decorated.slice(0, 256) || name;
}
