import type { DirectoryNames } from '../../../api/directory/lookup-directory';
import type { SearchResultItem } from '../../../contract/field';
import { statusReason } from './status-reason';

/**
 * One exported field: the search result as the API answers it, plus what a person
 * reading the file needs beside it: the expression, names for the owner, data
 * sources and cards (null where the instance does not name them), and why the
 * status is what it is. The audit's findings of each field are not included: the
 * API answers them per finding, not per field.
 */
export interface ExportRecord extends SearchResultItem {
  /** null on an instance that does not offer a field's details. */
  expression: string | null;
  ownerName: string | null;
  dataSources: Array<{ id: string; name: string | null }>;
  cards: Array<{ id: string; title: string | null }>;
  statusReason: string;
}

const idsOf = (field: SearchResultItem, type: string) => [
  ...new Set(
    field.links.filter((link) => link.resource.type === type).map((link) => link.resource.id),
  ),
];

export function exportRecordOf(
  field: SearchResultItem,
  expression: string | undefined,
  names: DirectoryNames,
): ExportRecord {
  return {
    ...field,
    expression: expression ?? null,
    ownerName: names.owners.get(field.owner)?.name ?? null,
    dataSources: idsOf(field, 'DATA_SOURCE').map((id) => ({
      id,
      name: names.dataSources.get(id)?.name ?? null,
    })),
    cards: idsOf(field, 'CARD').map((id) => ({ id, title: names.cards.get(id)?.title ?? null })),
    statusReason: statusReason(field, expression),
  };
}
