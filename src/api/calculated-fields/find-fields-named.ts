import { queryOptions } from '@tanstack/react-query';
import type { SearchResultItem } from '../../contract/field';
import type { SearchFilter } from '../../contract/search';
import { searchFields } from './search-fields';
import { fieldKeys } from './field-keys';

const PAGE = 1000;
/** A name that many other names contain is not paged through forever. */
const MOST_PAGES = 5;

export interface FieldsNamed {
  /** The fields whose name is exactly the name asked for. */
  fields: SearchResultItem[];
  /** False when the search stopped before seeing every field whose name contains it. */
  complete: boolean;
}

/**
 * The fields named exactly `name` that link to one of `dataSourceIds`: what a
 * backtick name that is not a column stands for (docs/expressions.md, nested
 * references). The API's name search matches parts of names, so the exact ones
 * are picked from its answer. Uses only the search every instance offers.
 */
export async function findFieldsNamed(
  name: string,
  dataSourceIds: readonly string[],
  signal?: AbortSignal,
): Promise<FieldsNamed> {
  const filters: SearchFilter[] =
    dataSourceIds.length > 0 ? [{ field: 'dataset', idList: [...dataSourceIds] }] : [];
  const fields: SearchResultItem[] = [];
  for (let page = 0; page < MOST_PAGES; page += 1) {
    const answer = await searchFields(
      { name, filters, sort: { field: 'name', ascending: true }, limit: PAGE, offset: page * PAGE },
      signal,
    );
    fields.push(...answer.results.filter((field) => field.name === name));
    if (!answer.hasMore) return { fields, complete: true };
  }
  return { fields, complete: false };
}

export function fieldsNamedOptions(name: string, dataSourceIds: readonly string[]) {
  return queryOptions({
    queryKey: fieldKeys.named(name, dataSourceIds),
    queryFn: ({ signal }) => findFieldsNamed(name, dataSourceIds, signal),
  });
}
