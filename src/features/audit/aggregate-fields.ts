import { isBrokenLink, isValidStatus } from '../../contract/field';
import type { SearchResultItem } from '../../contract/field';

type Field = Pick<SearchResultItem, 'owner' | 'status' | 'links' | 'lastModified'>;

export function isInvalid(field: Pick<SearchResultItem, 'status'>): boolean {
  return !isValidStatus(field.status);
}

/** As the API's `invalidlink` filter: some link, of any type, is not VALID. */
export function hasBrokenLink(field: Pick<SearchResultItem, 'links'>): boolean {
  return field.links.some(isBrokenLink);
}

export interface OwnerProblems {
  owner: number;
  invalid: number;
  brokenLinks: number;
  /** Fields that are invalid, have a broken link, or both: what the owner ranks by. */
  withProblems: number;
}

/** The owners with the most fields that are invalid or have broken links, most first. */
export function topOwnersByProblems(fields: readonly Field[], count = 10): OwnerProblems[] {
  const byOwner = new Map<number, OwnerProblems>();
  for (const field of fields) {
    const invalid = isInvalid(field);
    const broken = hasBrokenLink(field);
    if (!invalid && !broken) continue;
    let owner = byOwner.get(field.owner);
    if (!owner) {
      owner = { owner: field.owner, invalid: 0, brokenLinks: 0, withProblems: 0 };
      byOwner.set(field.owner, owner);
    }
    owner.withProblems += 1;
    if (invalid) owner.invalid += 1;
    if (broken) owner.brokenLinks += 1;
  }
  return [...byOwner.values()]
    .sort(
      (a, b) =>
        b.withProblems - a.withProblems ||
        b.invalid + b.brokenLinks - (a.invalid + a.brokenLinks) ||
        a.owner - b.owner,
    )
    .slice(0, count);
}

export interface DataSourceBreakage {
  dataSource: string;
  /** Fields linked to the data source that have a broken link: what its table link finds. */
  fieldsWithBrokenLinks: number;
}

/**
 * The data sources with the most linked fields that have broken links. Counted as
 * the table filters (`dataset` and `invalidlink`), so a bar and its table agree.
 */
export function topDataSourcesByBrokenLinks(
  fields: readonly Field[],
  count = 10,
): DataSourceBreakage[] {
  const byDataSource = new Map<string, number>();
  for (const field of fields) {
    if (!hasBrokenLink(field)) continue;
    const dataSources = new Set(
      field.links
        .filter((link) => link.resource.type === 'DATA_SOURCE')
        .map((link) => link.resource.id),
    );
    for (const dataSource of dataSources) {
      byDataSource.set(dataSource, (byDataSource.get(dataSource) ?? 0) + 1);
    }
  }
  return [...byDataSource]
    .map(([dataSource, fieldsWithBrokenLinks]) => ({ dataSource, fieldsWithBrokenLinks }))
    .sort(
      (a, b) =>
        b.fieldsWithBrokenLinks - a.fieldsWithBrokenLinks || (a.dataSource < b.dataSource ? -1 : 1),
    )
    .slice(0, count);
}

export interface MonthCount {
  /** `YYYY-MM` in UTC. */
  month: string;
  fields: number;
}

function monthOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 7);
}

function nextMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 12
    ? `${year + 1}-01`
    : `${year}-${String(monthNumber + 1).padStart(2, '0')}`;
}

/** Fields by the month they were last modified, from the first such month to the last, none skipped. */
export function fieldsModifiedPerMonth(fields: readonly Field[]): MonthCount[] {
  const byMonth = new Map<string, number>();
  for (const field of fields) {
    const month = monthOf(field.lastModified);
    byMonth.set(month, (byMonth.get(month) ?? 0) + 1);
  }
  const months = [...byMonth.keys()].sort();
  const first = months[0];
  const last = months.at(-1);
  if (first === undefined || last === undefined) return [];
  const counts: MonthCount[] = [];
  for (let month = first; month <= last; month = nextMonth(month)) {
    counts.push({ month, fields: byMonth.get(month) ?? 0 });
  }
  return counts;
}
