import type { DirectoryNames } from '../../../api/directory/lookup-directory';
import type { FieldFindingKeys, FindingKey } from '../../../contract/audit';
import { findingTitles } from '../../../contract/audit';
import type { SearchResultItem } from '../../../contract/field';
import { statusReason } from './status-reason';

/**
 * One exported field: the search result as the API answers it, plus what a person
 * reading the file needs beside it: the expression, names for the owner, data
 * sources and cards (null where the instance does not name them), and why the
 * status is what it is, and the findings of the audit's latest scan that hold it.
 */
export interface ExportRecord extends SearchResultItem {
  /** null on an instance that does not offer a field's details. */
  expression: string | null;
  ownerName: string | null;
  dataSources: Array<{ id: string; name: string | null }>;
  cards: Array<{ id: string; title: string | null }>;
  statusReason: string;
  /** Each finding with its title and what it says of the field; null when the audit has not seen the field. */
  findings: Array<{ key: FindingKey; title: string; note?: string }> | null;
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
  findings: FieldFindingKeys | undefined,
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
    statusReason: statusReason(field, expression, findings),
    findings: findings?.seen
      ? findings.findings.map((finding) => ({ ...finding, title: findingTitles[finding.key] }))
      : null,
  };
}
