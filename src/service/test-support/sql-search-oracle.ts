// The tests' oracle: searches and statistics answered by plain SQL over the
// store's tables, against which the in-memory index is checked (the index
// property test). The service itself never searches this way.
import type Database from 'better-sqlite3';
import type { Statistics } from '../../contract/statistics';
import { countStatistics } from '../../contract/statistic-definitions';
import type { SearchPage } from '../store/search-page';
import { countingRequest } from '../store/count-matching';
import type { SortField } from '../../contract/search';
import type { NormalizedFilter, NormalizedSearchRequest } from '../../contract/search-validation';
import { VALID } from '../../contract/field';
import { nameKeyOf } from '../../contract/name-order';

/** Column of `fields` each flag filter reads; every flag column holds 0 or 1. */
const flagConditions = {
  variable: 'variable = 1',
  locked: 'locked = 1',
  archived: 'archived = 1',
  global: 'global = 1',
  hidden: 'hidden = 1',
  aggregated: 'aggregated = 1',
  invalid: `status <> '${VALID}'`,
  invalidlink: 'has_invalid_link = 1',
  active: 'has_active_link = 1',
  // Some other field nests this one; a self-reference is no use.
  nested:
    'EXISTS (SELECT 1 FROM field_references WHERE target_id = fields.id AND field_id <> fields.id)',
  ondataset: 'has_visible_data_source = 1',
  invisualization: 'has_active_card = 1',
} as const;

const linkCount = (condition: string) =>
  `(SELECT count(*) FROM links WHERE links.field_id = fields.id${condition})`;
const ownerName = '(SELECT name FROM owners WHERE owners.id = fields.owner)';

/**
 * What each sort orders by, before id. `name_key` in BINARY order is the name order
 * (contract/name-order.ts); `name_key()` is nameKeyOf, for names SQL has no key of.
 */
const sortKeys: Record<SortField, string[]> = {
  name: ['name_key'],
  created: ['created'],
  lastModified: ['last_modified'],
  id: [],
  owner: [`${ownerName} IS NULL`, `name_key(${ownerName})`],
  status: [`status <> '${VALID}'`, 'name_key(status)'],
  links: [linkCount('')],
  usage: [linkCount(" AND resource_type = 'CARD' AND active = 1")],
  problems: [`(status <> '${VALID}') + ${linkCount(` AND valid <> '${VALID}'`)}`],
};

interface SqlFragment {
  sql: string;
  params: unknown[];
}

function filterCondition(filter: NormalizedFilter): SqlFragment {
  if (filter.kind === 'flag') {
    const condition = flagConditions[filter.flag];
    return { sql: filter.negated ? `NOT (${condition})` : condition, params: [] };
  }
  if (filter.kind === 'dependents') {
    if (filter.fieldId === undefined) return { sql: '0', params: [] };
    return {
      sql: 'id IN (SELECT field_id FROM field_references WHERE target_id = ?)',
      params: [filter.fieldId],
    };
  }
  // json_each keeps any number of ids inside one bound parameter.
  const ids = 'SELECT value FROM json_each(?)';
  switch (filter.field) {
    case 'owner':
      return { sql: `owner IN (${ids})`, params: [JSON.stringify(filter.values)] };
    case 'status':
      return {
        sql: `status IN (${ids})`,
        params: [JSON.stringify(filter.values.map((value) => value.toUpperCase()))],
      };
    case 'dataset':
    case 'card':
      return {
        sql: `EXISTS (SELECT 1 FROM links WHERE links.field_id = fields.id AND resource_type = ? AND resource_id IN (${ids}))`,
        params: [
          filter.field === 'dataset' ? 'DATA_SOURCE' : 'CARD',
          JSON.stringify(filter.values),
        ],
      };
    case 'function':
      return {
        sql: `EXISTS (SELECT 1 FROM field_functions WHERE field_functions.field_id = fields.id AND name IN (${ids}))`,
        params: [JSON.stringify(filter.values.map((value) => value.toUpperCase()))],
      };
  }
}

/** WHERE clause of a search: the name substring and every filter, all of which must hold. */
function whereClause(request: NormalizedSearchRequest): SqlFragment {
  const parts: SqlFragment[] = request.filters.map(filterCondition);
  if (request.name) {
    // instr is a plain substring test, so % _ and \ in the name are never wildcards.
    parts.push({ sql: 'instr(name_key, ?) > 0', params: [nameKeyOf(request.name)] });
  }
  if (parts.length === 0) return { sql: '', params: [] };
  return {
    sql: `WHERE ${parts.map((part) => part.sql).join(' AND ')}`,
    params: parts.flatMap((part) => part.params),
  };
}

/** ORDER BY of a search: the sort field, then id in the same direction, so the order is total. */
function orderClause(request: NormalizedSearchRequest): string {
  const direction = request.sort.ascending ? 'ASC' : 'DESC';
  const keys = [...sortKeys[request.sort.field], 'id'];
  return `ORDER BY ${keys.map((key) => `${key} ${direction}`).join(', ')}`;
}

/** Answers like the service, from SQL alone. */
export class SqlSearchOracle {
  constructor(private readonly db: Database.Database) {
    db.function('name_key', { deterministic: true }, (text) =>
      typeof text === 'string' ? nameKeyOf(text) : null,
    );
  }

  search(request: NormalizedSearchRequest): SearchPage {
    const where = whereClause(request);
    const offset = request.offset ?? 0;
    const { count: totalHits } = this.db
      .prepare<unknown[], { count: number }>(`SELECT count(*) AS count FROM fields ${where.sql}`)
      .get(...where.params)!;
    const results = this.db
      .prepare<unknown[], string>(
        `SELECT search_json FROM fields ${where.sql} ${orderClause(request)} LIMIT ? OFFSET ?`,
      )
      .pluck()
      .all(...where.params, request.limit, offset);
    return { totalHits, results, hasMore: offset + results.length < totalHits, degraded: false };
  }

  statistics(): Statistics {
    return countStatistics((filters) => this.search(countingRequest(filters)).totalHits);
  }
}
