import type { NormalizedSearchRequest } from '../../../contract/search-validation';
import { FieldIndex } from '../../store/index/field-index';
import type { SearchPage } from '../../store/search-page';
import type { AuditService } from '../audit-service';
import type { FieldFacts } from '../findings/field-facts';
import { indexColumnsOfFacts } from '../search/index-columns-of-facts';
import { searchItemsJson } from '../search/finding-search';

/**
 * Searches the instance as last seen with the store's own index (the same
 * filters, name matching and total order as embedded mode, ties broken on id),
 * so paging never repeats or skips a field however the instance orders equal
 * names. A lock or unlock (through this server, or seen by a refresh) moves just
 * that field in the index, as the embedded store does; the index is built again
 * only when something else changed.
 */
export class SnapshotSearch {
  private cached: { version: number; index: FieldIndex } | undefined;

  constructor(private readonly service: AuditService) {}

  /** A page of results; undefined before the first scan completed. */
  search(request: NormalizedSearchRequest): SearchPage | undefined {
    const index = this.currentIndex();
    if (!index) return undefined;
    const page = index.search(request);
    return {
      totalHits: page.totalHits,
      hasMore: page.hasMore,
      degraded: false,
      results: searchItemsJson(this.service.store, this.service.instanceId, page.ids),
    };
  }

  private currentIndex(): FieldIndex | undefined {
    const { service, cached } = this;
    if (!service.latestScan()) return undefined;
    const version = service.version;
    if (cached && (cached.version === version || this.tookLocks(cached.index, cached.version))) {
      cached.version = version;
      return cached.index;
    }
    const findings = service.findings()!;
    const columns = indexColumnsOfFacts(
      [...findings.fields.values()],
      findings.references.references,
    );
    this.cached = { version, index: new FieldIndex(columns) };
    return this.cached.index;
  }

  /** Applies the changes since `version` when each only locked or unlocked a field the index has. */
  private tookLocks(index: FieldIndex, version: number): boolean {
    const changes = this.service.changesSince(version);
    if (!changes?.every(({ before, after }) => before && after && onlyLockChanged(before, after)))
      return false;
    return changes.every(({ after }) =>
      index.applyLock(after!.id, after!.locked, after!.lastModified),
    );
  }
}

/** Whether two states of a field differ in nothing the index holds but the lock and its time. */
function onlyLockChanged(before: FieldFacts, after: FieldFacts): boolean {
  const rest = (facts: FieldFacts) =>
    JSON.stringify({ ...facts, locked: undefined, lastModified: undefined });
  return rest(before) === rest(after);
}
