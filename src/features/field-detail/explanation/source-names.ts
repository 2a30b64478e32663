import type { DirectoryNames } from '../../../api/directory/lookup-directory';

/** A data source as sentences name it: its name where known, else its id. */
export function sourceName(names: DirectoryNames, id: string): string {
  return names.dataSources.get(id)?.name ?? id;
}

/** "A", "A and B", "A, B and C". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
