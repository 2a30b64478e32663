import { useDirectoryNames } from '../../../api/directory/lookup-directory';
import type { FieldFilters } from '../../../links/table-address';

/**
 * Names of the owners, data sources and cards the filters name by id (none without the
 * directory). A filter added or removed asks for the names again; until that answer,
 * the names already known stay, so existing chips do not fall back to their ids.
 */
export function useFilterNames(filters: FieldFilters) {
  return useDirectoryNames(
    { owners: filters.owners, dataSources: filters.dataSources, cards: filters.cards },
    { keepKnownNames: true },
  ).names;
}
