import type { FindingKey } from '../../../contract/audit';
import { searchItemOf } from '../../../contract/field';
import type { CalculatedField } from '../../../contract/field';
import type { NormalizedSearchRequest } from '../../../contract/search-validation';
import { FieldIndex } from '../../store/index/field-index';
import type { IdPage } from '../../store/index/field-index';
import type { Findings } from '../findings/compute-findings';
import type { AuditStore } from '../storage/audit-store';
import { indexColumnsOfFacts } from './index-columns-of-facts';

/** Indexes kept for drill-downs asked for lately. */
const CACHED_INDEXES = 8;

export class UnknownGroup extends Error {}

/**
 * The fields of one finding (or one of its groups), searched with the store's own
 * filters, sorts and paging, so a drill-down is a page of the fields table like
 * any other. Each drill-down gets an index over just its fields, built once per
 * state of the findings.
 */
export class FindingSearch {
  private readonly indexes = new Map<string, { findings: Findings; index: FieldIndex }>();

  search(
    findings: Findings,
    key: FindingKey,
    group: string | undefined,
    request: NormalizedSearchRequest,
  ): IdPage {
    return this.indexFor(findings, key, group).search(request);
  }

  private indexFor(findings: Findings, key: FindingKey, group: string | undefined): FieldIndex {
    const cacheKey = `${key}\n${group ?? ''}`;
    const cached = this.indexes.get(cacheKey);
    if (cached?.findings === findings) {
      // Most recently used last, so the oldest is the first to go.
      this.indexes.delete(cacheKey);
      this.indexes.set(cacheKey, cached);
      return cached.index;
    }
    const finding = findings.byKey[key];
    const ids =
      group === undefined ? finding.ids : finding.groups.find((entry) => entry.key === group)?.ids;
    if (!ids)
      throw new UnknownGroup(
        `the finding ${key} has no group ${JSON.stringify(group).slice(0, 80)}`,
      );
    const facts = ids.map((id) => findings.fields.get(id)!);
    const index = new FieldIndex(indexColumnsOfFacts(facts, findings.references.references));
    this.indexes.delete(cacheKey);
    this.indexes.set(cacheKey, { findings, index });
    while (this.indexes.size > CACHED_INDEXES)
      this.indexes.delete(this.indexes.keys().next().value!);
    return index;
  }
}

/** The search results of the fields given, as JSON, from their current versions. */
export function searchItemsJson(
  store: AuditStore,
  instanceId: number,
  ids: readonly number[],
): string[] {
  const bodies = store.currentBodies(instanceId, ids);
  return ids.flatMap((id) => {
    const body = bodies.get(id);
    return body === undefined
      ? []
      : [JSON.stringify(searchItemOf(JSON.parse(body) as CalculatedField))];
  });
}
