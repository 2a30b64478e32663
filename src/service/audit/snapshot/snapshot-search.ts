import type { NormalizedSearchRequest } from '../../../contract/search-validation';
import { FieldIndex } from '../../store/index/field-index';
import type { SearchPage } from '../../store/search-page';
import type { AuditService } from '../audit-service';
import type { Findings } from '../findings/compute-findings';
import { indexColumnsOfFacts } from '../search/index-columns-of-facts';
import { searchItemsJson } from '../search/finding-search';

/**
 * Searches the instance as last seen with the store's own index (the same
 * filters, name matching and total order as embedded mode, ties broken on id),
 * so paging never repeats or skips a field however the instance orders equal
 * names. The index is built again only when the snapshot changed.
 */
export class SnapshotSearch {
  private cached: { findings: Findings; index: FieldIndex } | undefined;

  constructor(private readonly service: AuditService) {}

  /** A page of results; undefined before the first scan completed. */
  search(request: NormalizedSearchRequest): SearchPage | undefined {
    const findings = this.service.findings();
    if (!findings) return undefined;
    if (this.cached?.findings !== findings) {
      const columns = indexColumnsOfFacts(
        [...findings.fields.values()],
        findings.references.references,
      );
      this.cached = { findings, index: new FieldIndex(columns) };
    }
    const page = this.cached.index.search(request);
    return {
      totalHits: page.totalHits,
      hasMore: page.hasMore,
      degraded: false,
      results: searchItemsJson(this.service.store, this.service.instanceId, page.ids),
    };
  }
}
