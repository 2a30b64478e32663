import type { ActiveLinks, Link, SearchResultItem } from './field';
import type { InstanceData } from './search';
import type { SearchPage } from './search-page';

// The fields page's first answer, read without zod: zod and the contract's schemas were
// about a tenth of what the page loaded before its first row (docs/web-app.md,
// "Loading"). Not a second home of the shape: searchPageSchema is the shape, and
// search-page-quick-read.test.ts proves this reads every answer as the schema does, or
// leaves it to the schema.

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** z.number().int(): zod 4 takes safe integers only. */
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isNumber = (value: unknown): value is number => Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isFlag = (value: unknown): value is boolean => typeof value === 'boolean';

/** Every item read, or undefined when one cannot be. */
function readEach<T>(value: unknown, readItem: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const items: T[] = [];
  for (const item of value) {
    const read = readItem(item);
    if (read === undefined) return undefined;
    items.push(read);
  }
  return items;
}

/** linkIdSchema: text, or a number kept as text. */
function readLinkId(value: unknown): string | undefined {
  if (isText(value)) return value;
  return isNumber(value) ? String(value) : undefined;
}

function readLink(value: unknown): Link | undefined {
  if (!isFields(value) || !isFields(value.resource)) return undefined;
  const { type } = value.resource;
  const id = readLinkId(value.resource.id);
  const { visible, active, valid } = value;
  if (!isText(type) || id === undefined || !isFlag(visible) || !isFlag(active) || !isText(valid))
    return undefined;
  return { resource: { type, id }, visible, active, valid };
}

function readActiveLinks(value: unknown): ActiveLinks | undefined {
  if (!isFields(value)) return undefined;
  const activeLinks: ActiveLinks = {};
  for (const [type, ids] of Object.entries(value)) {
    // As the schema does: a "__proto__" key is skipped, never assigned (it would set the prototype).
    if (type === '__proto__') continue;
    const read = readEach(ids, readLinkId);
    if (!read) return undefined;
    activeLinks[type] = read;
  }
  return activeLinks;
}

/** Own keys, counted without listing them. */
function keyCount(value: Fields): number {
  let count = 0;
  for (const key in value) if (Object.hasOwn(value, key)) count += 1;
  return count;
}

// What the schema reads differs from what was sent only where it drops or turns
// something: keys it does not know, ids sent as numbers, a missing dataType, a
// "__proto__" type. A row with none of those is its own reading and is kept as it is:
// copying every row of a 5,000-row page, and collecting the parsed rows after, was a
// large part of the time between the answer and its rows on screen
// (bench/results/five-thousand-rows.md).

/** The keys of a row as readRow gives it. */
const rowKeyCount = 14;

function isLinkAsRead(value: unknown): boolean {
  if (!isFields(value) || keyCount(value) !== 4 || !isFields(value.resource)) return false;
  const { resource, visible, active, valid } = value;
  return (
    keyCount(resource) === 2 &&
    isText(resource.type) &&
    isText(resource.id) &&
    isFlag(visible) &&
    isFlag(active) &&
    isText(valid)
  );
}

function isActiveLinksAsRead(value: unknown): boolean {
  if (!isFields(value)) return false;
  for (const type in value) {
    if (!Object.hasOwn(value, type)) continue;
    if (type === '__proto__') return false;
    const ids = value[type];
    if (!Array.isArray(ids) || !ids.every(isText)) return false;
  }
  return true;
}

function isRowAsRead(row: Fields): boolean {
  return (
    isText(row.dataType) &&
    keyCount(row) === rowKeyCount &&
    Array.isArray(row.links) &&
    row.links.every(isLinkAsRead) &&
    isActiveLinksAsRead(row.activeLinks)
  );
}

function readRow(row: unknown): SearchResultItem | undefined {
  if (!isFields(row)) return undefined;
  const { id, name, owner, lastModified, created, global, locked, legacyId, status } = row;
  const { archived, variable, dataType } = row;
  const shaped =
    isInt(id) &&
    isText(name) &&
    isInt(owner) &&
    isInt(lastModified) &&
    isInt(created) &&
    isFlag(global) &&
    isFlag(locked) &&
    isText(legacyId) &&
    isText(status) &&
    isFlag(archived) &&
    isFlag(variable) &&
    (dataType === undefined || dataType === null || isText(dataType));
  if (!shaped) return undefined;
  if (isRowAsRead(row)) return row as unknown as SearchResultItem;
  const links = readEach(row.links, readLink);
  const activeLinks = readActiveLinks(row.activeLinks);
  if (!links || !activeLinks) return undefined;
  return {
    id,
    name,
    owner,
    lastModified,
    created,
    global,
    locked,
    legacyId,
    status,
    links,
    archived,
    activeLinks,
    variable,
    dataType: dataType ?? '',
  };
}

/** The longest refreshError instanceDataSchema takes. */
const refreshErrorMaxLength = 600;

function readInstanceData(value: unknown): InstanceData | undefined {
  if (!isFields(value)) return undefined;
  if (value.source === 'instance')
    return isFlag(value.firstScanRunning)
      ? { source: 'instance', firstScanRunning: value.firstScanRunning }
      : undefined;
  if (value.source !== 'snapshot') return undefined;
  const { asOf, refreshEveryMs, checkingDeletions, refreshError, listedOnly } = value;
  const shaped =
    isNumber(asOf) &&
    isNumber(refreshEveryMs) &&
    isFlag(checkingDeletions) &&
    (refreshError === undefined ||
      (isText(refreshError) && refreshError.length <= refreshErrorMaxLength)) &&
    (listedOnly === undefined || isFlag(listedOnly));
  if (!shaped) return undefined;
  return {
    source: 'snapshot',
    asOf,
    refreshEveryMs,
    checkingDeletions,
    ...(refreshError === undefined ? {} : { refreshError }),
    ...(listedOnly === undefined ? {} : { listedOnly }),
  };
}

/**
 * The page searchPageSchema reads from `data` when all of it is of the contract's shape,
 * every row included; undefined otherwise, and the schema reads it then, naming what is
 * wrong (api/calculated-fields/search-fields.ts).
 */
export function quickReadSearchPage(data: unknown): SearchPage | undefined {
  if (!isFields(data)) return undefined;
  const { totalHits, hasMore, degraded } = data;
  if (!isInt(totalHits) || !isFlag(hasMore) || !isFlag(degraded)) return undefined;
  const results = readEach(data.results, readRow);
  if (!results) return undefined;
  if (data.instanceData === undefined)
    return { totalHits, hasMore, degraded, results, unreadableRows: [] };
  const instanceData = readInstanceData(data.instanceData);
  if (!instanceData) return undefined;
  return { totalHits, hasMore, degraded, instanceData, results, unreadableRows: [] };
}
