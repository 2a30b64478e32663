import type { CalculatedField, Link } from '../../../contract/field';
import { FUNCTION_TEMPLATE } from '../../../contract/field';

/** A row of `fields` as SQLite returns it. */
export interface FieldRow {
  id: number;
  name: string;
  owner: number;
  locked: number;
  global: number;
  archived: number;
  hidden: number;
  variable: number;
  aggregated: number;
  analytic: number;
  expression: string;
  check_sum: string;
  legacy_id: string;
  created: number;
  last_modified: number;
  data_type: string;
  status: string;
  cache_window: string;
  column_positions: string;
  functions: string;
}

/** A row of `links`. */
export interface LinkRow {
  field_id: number;
  resource_type: string;
  resource_id: string;
  visible: number;
  active: number;
  valid: string;
}

export function linkFromRow(row: LinkRow): Link {
  return {
    resource: { type: row.resource_type, id: row.resource_id },
    visible: row.visible === 1,
    active: row.active === 1,
    valid: row.valid,
  };
}

export function fieldFromRow(row: FieldRow, links: Link[]): CalculatedField {
  return {
    id: row.id,
    name: row.name,
    owner: row.owner,
    locked: row.locked === 1,
    global: row.global === 1,
    expression: row.expression,
    checkSum: row.check_sum,
    links,
    legacyId: row.legacy_id,
    lastModified: row.last_modified,
    created: row.created,
    aggregated: row.aggregated === 1,
    analytic: row.analytic === 1,
    dataType: row.data_type,
    status: row.status,
    cacheWindow: row.cache_window,
    columnPositions: JSON.parse(row.column_positions),
    functions: JSON.parse(row.functions),
    // The service writes one FUNCTION_TEMPLATE link per nested id, in the expression's order.
    functionTemplateDependencies: links
      .filter((link) => link.resource.type === FUNCTION_TEMPLATE)
      .map((link) => Number(link.resource.id)),
    archived: row.archived === 1,
    hidden: row.hidden === 1,
    variable: row.variable === 1,
  };
}
