import type { DirectoryNames } from '../../../api/directory/lookup-directory';
import { showHiddenCharacters } from '../../../contract/hidden-characters';

/** A data source as sentences name it: its name where known (as it is, hidden characters shown), else its id. */
export function sourceName(names: DirectoryNames, id: string): string {
  const name = names.dataSources.get(id)?.name;
  return name === undefined ? id : showHiddenCharacters(name);
}

/** "A", "A and B", "A, B and C". */
export function listInWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
