import { ownerNamedWithId } from '../../../contract/owner-words';
import type {
  FindingGroupSummary,
  FindingKey,
  FindingSummary,
  ProblemsRow,
} from '../../../contract/audit';
import {
  findingKeys,
  findingRules,
  findingTitles,
  problemsTableFindings,
} from '../../../contract/audit';
import type { Findings } from './compute-findings';
import { describeDuplicateGroup } from './describe-duplicates';
import { dataSourceNameIn } from './instance-directory';
import { missingReferenceWords } from './missing-reference-words';
import type { FindingGroup } from './finding';

/** Groups and problem rows shown in the summary; the rest are paged. */
export const SUMMARY_GROUPS = 8;
export const SUMMARY_ROWS = 25;

const quoted = (name: string) => `\`${name}\``;

/** A group in words, with names where the instance gave them. */
export function groupLabel(findings: Findings, key: FindingKey, group: FindingGroup): string {
  const nameOf = (id: number) => findings.fields.get(id)?.name ?? String(id);
  switch (key) {
    case 'broken-references':
      return missingReferenceWords(findings.directory, {
        place: group.place!,
        column: group.column,
      });
    case 'nested':
      return `depth ${group.depth}`;
    case 'broken-dependencies': {
      const cause = group.cause!;
      return findings.fields.has(cause)
        ? `depend on ${quoted(nameOf(cause))}`
        : `depend on field ${cause}, which does not exist`;
    }
    case 'lint':
    case 'hidden-name-characters':
      return group.title ?? group.key;
    case 'inactive-owners': {
      const name = findings.directory?.owners.get(Number(group.key));
      return name === undefined ? `owner ${group.key}` : ownerNamedWithId(name, group.key);
    }
    default:
      return group.key;
  }
}

export function describeGroups(
  findings: Findings,
  key: FindingKey,
  offset: number,
  limit: number,
): FindingGroupSummary[] {
  const duplicates = key === 'exact-duplicates' || key === 'near-duplicates';
  return findings.byKey[key].groups.slice(offset, offset + limit).map((group) => ({
    key: group.key,
    ...(duplicates
      ? describeDuplicateGroup(findings, group)
      : { label: groupLabel(findings, key, group) }),
    count: group.ids.length,
  }));
}

export function describeFindings(findings: Findings): FindingSummary[] {
  return findingKeys.map((key) => {
    const finding = findings.byKey[key];
    return {
      key,
      title: findingTitles[key],
      rule: findingRules[key],
      count: finding.ids.length,
      groupCount: finding.groups.length,
      groups: describeGroups(findings, key, 0, SUMMARY_GROUPS),
    };
  });
}

const noCounts = (): Record<FindingKey, number> =>
  Object.fromEntries(findingKeys.map((key) => [key, 0])) as Record<FindingKey, number>;

type ProblemRows = { rows: ProblemsRow[]; total: number };

/**
 * Per owner and per data source (a field counts under each data source it links to
 * directly, as the search's `dataset` filter does), how many fields each finding
 * holds; rows with the most of the findings the tables show first, rows with none of
 * them left out.
 */
export function problemsByOwnerAndDataSource(findings: Findings): {
  owners: ProblemRows;
  dataSources: ProblemRows;
} {
  const owners = new Map<string, ProblemsRow>();
  const dataSources = new Map<string, ProblemsRow>();
  const rowOf = (rows: Map<string, ProblemsRow>, key: string) => {
    let row = rows.get(key);
    if (!row) {
      const name =
        rows === owners
          ? findings.directory?.owners.get(Number(key))
          : dataSourceNameIn(findings.directory, key);
      row = { id: key, ...(name === undefined ? {} : { name }), fields: 0, counts: noCounts() };
      rows.set(key, row);
    }
    return row;
  };
  // One walk over the fields' briefs and every finding's ids, all ascending: each
  // field is read once, for both (at 1,000,000 fields, reading each by id took seconds).
  const found = Object.values(findings.byKey);
  const next = found.map(() => 0);
  for (const field of findings.fields.briefs()) {
    const rows = [rowOf(owners, String(field.owner))];
    for (const link of field.links) {
      const row = link.type === 'DATA_SOURCE' && rowOf(dataSources, link.id);
      if (row && !rows.includes(row)) rows.push(row);
    }
    for (const row of rows) row.fields += 1;
    found.forEach(({ ids, key: findingKey }, index) => {
      // An id no field has is passed over.
      while (ids[next[index]!]! < field.id) next[index]! += 1;
      if (ids[next[index]!] !== field.id) return;
      next[index]! += 1;
      for (const row of rows) row.counts[findingKey] += 1;
    });
  }
  return { owners: heaviestFirst(owners), dataSources: heaviestFirst(dataSources) };
}

function heaviestFirst(rows: ReadonlyMap<string, ProblemsRow>): ProblemRows {
  const weight = (row: ProblemsRow) =>
    problemsTableFindings.reduce((sum, key) => sum + row.counts[key], 0);
  const sorted = [...rows.values()]
    .filter((row) => weight(row) > 0)
    .sort((a, b) => weight(b) - weight(a) || (a.id < b.id ? -1 : 1));
  return { rows: sorted.slice(0, SUMMARY_ROWS), total: sorted.length };
}

export interface FindingsSummary {
  findings: FindingSummary[];
  owners: ProblemRows;
  dataSources: ProblemRows;
}

/** What the audit page shows of a set of findings (at 100,000 fields about half a second). */
export function summaryOf(findings: Findings): FindingsSummary {
  return {
    findings: describeFindings(findings),
    ...problemsByOwnerAndDataSource(findings),
  };
}
