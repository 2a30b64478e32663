import type { NormalizedSearchRequest } from '../../../contract/search-validation';
import type { SearchPage } from '../../store/search-page';
import type { AuditService } from '../audit-service';

/**
 * Searches the instance as last seen with the store's own index (the same
 * filters, name matching and total order as embedded mode, ties broken on id),
 * so paging never repeats or skips a field however the instance orders equal
 * names. The index is the view's (view/snapshot-view.ts): a lock or unlock
 * (through this server, or seen by a refresh) moves just that field in it, as the
 * embedded store does; it is built again only when something else changed.
 */
export class SnapshotSearch {
  constructor(private readonly service: AuditService) {}

  /** A page of results; undefined before the first scan completed. */
  async search(request: NormalizedSearchRequest): Promise<SearchPage | undefined> {
    const view = await this.service.viewWithFindings();
    if (!view) return undefined;
    const page = view.search(request);
    return {
      totalHits: page.totalHits,
      hasMore: page.hasMore,
      degraded: false,
      results: this.service.searchItems(page.ids),
    };
  }
}
