// The fields table's address: what each search param of /fields means, read and
// written with nuqs. Shared, because other pages link into the table with filters
// applied (every view is a link); the table's own state lives in features/fields.
import { createLoader, createParser, parseAsNativeArrayOf, parseAsString } from 'nuqs';
import type { inferParserType } from 'nuqs';
import { copySortFields } from '../contract/copy-orders';

export const pageSizes = [25, 50, 100, 500, 1000, 5000] as const;
export type PageSize = (typeof pageSizes)[number];

/** What the API sorts by; the copy's sorts only where the server says it answers them. */
export const sortableColumns = [
  'name',
  'created',
  'lastModified',
  'id',
  ...copySortFields,
] as const;
export type SortableColumn = (typeof sortableColumns)[number];

export interface TableSort {
  column: SortableColumn;
  descending: boolean;
}

const defaultSort: TableSort = { column: 'name', descending: false };

/** `name`, `-created`: the column, a leading minus for descending. */
const parseAsSort = createParser<TableSort>({
  parse: (value) => {
    const descending = value.startsWith('-');
    const column = sortableColumns.find(
      (candidate) => candidate === value.slice(descending ? 1 : 0),
    );
    return column ? { column, descending } : null;
  },
  serialize: (sort) => `${sort.descending ? '-' : ''}${sort.column}`,
  eq: (a, b) => a.column === b.column && a.descending === b.descending,
});

/** 1-based. */
const parseAsPage = createParser<number>({
  parse: (value) => {
    const page = Number(value);
    return Number.isSafeInteger(page) && page >= 1 ? page : null;
  },
  serialize: String,
});

const parseAsPageSize = createParser<PageSize>({
  parse: (value) => pageSizes.find((size) => String(size) === value) ?? null,
  serialize: String,
});

/** `true` or `false`; anything else (or nothing) means either. */
const parseAsChoice = createParser<boolean>({
  parse: (value) => (value === 'true' ? true : value === 'false' ? false : null),
  serialize: String,
});

/** A filter that is on when the param holds `word`, and off otherwise. */
function parseAsSwitch(word: string) {
  return createParser<boolean>({
    parse: (value) => (value === word ? true : null),
    serialize: () => word,
  }).withDefault(false);
}

/** Owner ids are whole numbers; the address may hold several (`owner=1&owner=2`). */
export function isOwnerId(text: string): boolean {
  return /^\d{1,15}$/.test(text);
}

const parseAsOwnerId = createParser<number>({
  parse: (value) => (isOwnerId(value) ? Number(value) : null),
  serialize: String,
});

const parseAsNonEmpty = createParser<string>({
  parse: (value) => (value === '' ? null : value),
  serialize: (value) => value,
});

/** Function names are upper case in every field (`SUM`, `SERVICE_OP_ADD`); `sum` means the same. */
export function functionNameOf(text: string): string | null {
  const name = text.trim().toUpperCase();
  return /^[A-Z_][A-Z0-9_]{0,99}$/.test(name) ? name : null;
}

const parseAsFunctionName = createParser<string>({
  parse: functionNameOf,
  serialize: (value) => value,
});

/**
 * Everything the fields table shows, as its address holds it. In this order the keys
 * appear in a link; values equal to their defaults are left out, so links stay short.
 */
export const tableAddress = {
  name: parseAsString.withDefault(''),
  sort: parseAsSort.withDefault(defaultSort),
  page: parseAsPage.withDefault(1),
  pageSize: parseAsPageSize.withDefault(50),
  /** null: locked or not. */
  locked: parseAsChoice,
  /** null: archived or not. */
  archived: parseAsChoice,
  invalidOnly: parseAsSwitch('true'),
  brokenLinksOnly: parseAsSwitch('true'),
  /** Variables are hidden unless asked for (the API's `notvariable`). */
  showVariables: parseAsSwitch('shown'),
  /**
   * true: with a visible data-source link (the API's `ondataset`); false: without one,
   * saved on a card (`notondataset`); null: either. Matches the statistics' onDatasets and onCards.
   */
  onDataSource: parseAsChoice,
  /** true: with an active card link (`invisualization`); false: without; null: either. */
  inVisualization: parseAsChoice,
  /** true: with an active link of any kind (`active`); false: none, "unused" (`notactive`). */
  active: parseAsChoice,
  /** true: the expression aggregates (`aggregated`); false: it does not; null: either. */
  aggregated: parseAsChoice,
  global: parseAsChoice,
  hidden: parseAsChoice,
  /** true: another calculated field nests this one (`nested`). */
  nested: parseAsChoice,
  owners: parseAsNativeArrayOf(parseAsOwnerId),
  dataSources: parseAsNativeArrayOf(parseAsNonEmpty),
  /** Card ids (`dr:12:34`) the field links to (the API's `card` list). */
  cards: parseAsNativeArrayOf(parseAsNonEmpty),
  /** Exact statuses such as VALID (the API's `status` list). */
  statuses: parseAsNativeArrayOf(parseAsNonEmpty),
  /** Functions or operators the expression uses, upper case (the API's `function` list). */
  functions: parseAsNativeArrayOf(parseAsFunctionName),
};

/** The names in the address, where they differ from the names in code. */
export const tableUrlKeys = {
  name: 'q',
  pageSize: 'size',
  invalidOnly: 'invalid',
  brokenLinksOnly: 'brokenLinks',
  showVariables: 'variables',
  owners: 'owner',
  dataSources: 'dataSource',
  cards: 'card',
  statuses: 'status',
  functions: 'function',
} as const;

export type TableView = inferParserType<typeof tableAddress>;

/** The filters auditors ask for; each maps to one of the API's filters. */
export type FieldFilters = Omit<TableView, 'name' | 'sort' | 'page' | 'pageSize'>;

/** A view's filters alone. */
export function filtersOf(view: TableView): FieldFilters {
  const { name: _name, sort: _sort, page: _page, pageSize: _pageSize, ...filters } = view;
  return filters;
}

export const noFilters: FieldFilters = {
  locked: null,
  archived: null,
  invalidOnly: false,
  brokenLinksOnly: false,
  showVariables: false,
  onDataSource: null,
  inVisualization: null,
  active: null,
  aggregated: null,
  global: null,
  hidden: null,
  nested: null,
  owners: [],
  dataSources: [],
  cards: [],
  statuses: [],
  functions: [],
};

/** The view an address shows; values a person may have typed wrong fall back to the defaults. */
export const readTableView: (search: URLSearchParams) => TableView = createLoader(tableAddress, {
  urlKeys: tableUrlKeys,
});

export const defaultTableView: TableView = readTableView(new URLSearchParams());
