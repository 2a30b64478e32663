import { createLoader, createSerializer, parseAsString, parseAsStringLiteral } from 'nuqs';
import type { inferParserType } from 'nuqs';
import { findingKeys } from '../contract/finding-kinds';
import type { FindingScope } from '../contract/finding-kinds';

/**
 * Where an audit drill-down lands: the fields table listing only one finding's fields
 * (or one group's), beside the table's own view. Kept apart from the view, so that the
 * view's changes (filters, sort, page) leave the finding in place.
 */
export const findingAddress = {
  finding: parseAsStringLiteral(findingKeys),
  group: parseAsString,
  /** The group as the audit names it, to show; `group` is its key. */
  groupLabel: parseAsString,
};

export const findingUrlKeys = { groupLabel: 'group-label' } as const;

export type FindingScopeAddress = inferParserType<typeof findingAddress>;

export const readFindingScope: (search: URLSearchParams) => FindingScopeAddress = createLoader(
  findingAddress,
  { urlKeys: findingUrlKeys },
);

/** The finding an address narrows the table to, if any. */
export function findingScopeOf(address: FindingScopeAddress): FindingScope | undefined {
  if (address.finding === null) return undefined;
  return address.group === null
    ? { key: address.finding }
    : { key: address.finding, group: address.group };
}

const serializeFinding = createSerializer(findingAddress, { urlKeys: findingUrlKeys });

/** `link` (a fields-table link) narrowed to a finding's fields. */
export function withFindingScope(link: string, scope: Partial<FindingScopeAddress>): string {
  return serializeFinding(link, scope);
}
