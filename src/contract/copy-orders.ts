// The sorts production's search does not have (docs/api.md, "Sorts of the copy"):
// owner by name, status, links, usage and problems. This server answers them from
// its copy of the instance (embedded: the store; proxy: the audit's copy), with one
// rule for each here, used by the search index and the table alike. Every order is
// total: ties break on id, as in the name order.
import type { LinkState } from './link-summary';
import { isBrokenLink, isValidStatus } from './field-status';
import { compareNameKeys, nameKeyOf } from './name-order';

export const copySortFields = ['owner', 'status', 'links', 'usage', 'problems'] as const;
export type CopySortField = (typeof copySortFields)[number];

export function isCopySortField(field: string): field is CopySortField {
  return (copySortFields as readonly string[]).includes(field);
}

/** What the table's Problems column counts: an expression that is not valid, and each broken link. */
export function problemsOf(field: { status: string; links: readonly { valid: string }[] }): {
  invalid: boolean;
  brokenLinks: number;
} {
  return {
    invalid: !isValidStatus(field.status),
    brokenLinks: field.links.filter(isBrokenLink).length,
  };
}

/** Active CARD links: the field in use on cards (the table's Usage column). */
export function usageOf(links: readonly LinkState[]): number {
  return links.filter((link) => link.type === 'CARD' && link.active).length;
}

/** A field's key in each copy order, but its owner's name (the directory knows that). */
export interface CopyOrderCounts {
  /** Every link. */
  links: number;
  /** Active CARD links: the field in use on cards. */
  usage: number;
  /** What problemsOf counts, as one number. */
  problems: number;
}

export function copyOrderCountsOf(field: {
  status: string;
  links: readonly LinkState[];
}): CopyOrderCounts {
  const { invalid, brokenLinks } = problemsOf(field);
  return {
    links: field.links.length,
    usage: usageOf(field.links),
    problems: (invalid ? 1 : 0) + brokenLinks,
  };
}

/**
 * Owners by display name, keyed and compared as field names are (nameKeyOf of the
 * name); an owner the directory does not name (`null`) comes after every named one.
 */
export function compareOwnerNameKeys(a: string | null, b: string | null): number {
  if (a === null || b === null) return (a === null ? 1 : 0) - (b === null ? 1 : 0);
  return compareNameKeys(a, b);
}

/** VALID first, then every other status by name. */
export function compareStatuses(a: string, b: string): number {
  const valid = (isValidStatus(b) ? 1 : 0) - (isValidStatus(a) ? 1 : 0);
  return valid || compareNameKeys(nameKeyOf(a), nameKeyOf(b));
}
