import { hash } from 'node:crypto';
import type { CalculatedField, ColumnPosition, Link } from '../../../contract/field';

type Raw = Record<string, unknown>;

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const flag = (value: unknown) => value === true;
const integer = (value: unknown) => (Number.isSafeInteger(value) ? (value as number) : 0);
/** Production's link ids may be numbers (its clients convert them with `String(...)`). */
const linkId = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : text(value);
const isObject = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function linkOf(raw: unknown): Link | undefined {
  if (!isObject(raw) || !isObject(raw.resource)) return undefined;
  return {
    resource: { type: text(raw.resource.type), id: linkId(raw.resource.id) },
    visible: flag(raw.visible),
    active: flag(raw.active),
    valid: text(raw.valid),
  };
}

function positionOf(raw: unknown): ColumnPosition | undefined {
  if (!isObject(raw)) return undefined;
  return { columnName: text(raw.columnName), columnPosition: integer(raw.columnPosition) };
}

function listOf<T>(raw: unknown, item: (value: unknown) => T | undefined): T[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(item).filter((value): value is T => value !== undefined);
}

/**
 * A complete field as the audit stores it, whatever answered it: the properties of
 * the wire format in one fixed order, nothing else. An instance may send more
 * properties (they are dropped) or fewer (flags read false, text reads empty), so
 * that one odd field never stops a scan. Undefined when it has no usable id.
 */
export function canonicalField(raw: unknown): CalculatedField | undefined {
  if (!isObject(raw) || !Number.isSafeInteger(raw.id) || (raw.id as number) <= 0) return undefined;
  return {
    id: raw.id as number,
    name: text(raw.name),
    owner: integer(raw.owner),
    locked: flag(raw.locked),
    global: flag(raw.global),
    expression: text(raw.expression),
    checkSum: text(raw.checkSum),
    links: listOf(raw.links, linkOf),
    legacyId: text(raw.legacyId),
    lastModified: integer(raw.lastModified),
    created: integer(raw.created),
    aggregated: flag(raw.aggregated),
    analytic: flag(raw.analytic),
    dataType: text(raw.dataType),
    status: text(raw.status),
    cacheWindow: text(raw.cacheWindow),
    columnPositions: listOf(raw.columnPositions, positionOf),
    functions: listOf(raw.functions, (value) => (typeof value === 'string' ? value : undefined)),
    archived: flag(raw.archived),
    hidden: flag(raw.hidden),
    variable: flag(raw.variable),
  };
}

/** SHA-1 of the canonical JSON: two reads of an unchanged field give the same digest. */
export function fieldDigest(field: CalculatedField): string {
  return hash('sha1', JSON.stringify(field), 'hex');
}

/**
 * The listing digest of a field the source listed as not changed since the last
 * complete scan's listing (`ListedPage.unchanged`): whatever the instance as last seen holds.
 */
export const UNCHANGED_LISTING = '';

/**
 * What a search result says about a field, in a form a complete field gives too:
 * the properties both carry (interface.md lists them for search results). When a
 * listed field's digest differs from its stored version's, the field is read again,
 * which catches changes that leave `lastModified` alone (a link that broke because
 * a column was dropped elsewhere).
 */
export function listingDigest(item: unknown): string | undefined {
  if (!isObject(item) || !Number.isSafeInteger(item.id)) return undefined;
  const listed = [
    item.id,
    text(item.name),
    integer(item.owner),
    integer(item.lastModified),
    integer(item.created),
    flag(item.global),
    flag(item.locked),
    text(item.legacyId),
    text(item.status),
    flag(item.archived),
    listOf(item.links, linkOf),
  ];
  return hash('sha1', JSON.stringify(listed), 'hex');
}
