import type { FieldStore } from '../../store/field-store';
import type { FieldSource, ListedPage } from './field-source';

/** The embedded store as a scan reads it: its own search and field reads, no HTTP. */
export class EmbeddedSource implements FieldSource {
  /**
   * Small enough that a page holds the event loop briefly: a request arriving while
   * the scan lists takes several turns of the loop to be answered, and each turn
   * lets one page run. With 5,000 a page took about 100 ms at 1,000,000 fields, and
   * the first search after a restart that resumed a scan waited 0.7 s of CPU longer.
   */
  readonly pageSize = 1000;
  readonly concurrency = 1;
  readonly counters = { requests: 0, retries: 0 };

  constructor(private readonly store: FieldStore) {}

  async listPage(offset: number, signal: AbortSignal): Promise<ListedPage> {
    signal.throwIfAborted();
    const page = this.store.search({
      filters: [],
      sort: { field: 'id', ascending: true },
      limit: this.pageSize,
      offset,
    });
    // Yielding lets requests in between pages.
    await new Promise((resolve) => setImmediate(resolve));
    return {
      totalHits: page.totalHits,
      items: page.results.map((json) => JSON.parse(json) as unknown),
    };
  }

  listingKey(item: unknown): unknown {
    return (item as { id?: unknown } | null)?.id;
  }

  async readField(id: number, signal: AbortSignal): Promise<unknown> {
    // The store answers at once: without a turn of the event loop per field, a scan
    // would hold every request to the server until its last field was read.
    await new Promise((resolve) => setImmediate(resolve));
    signal.throwIfAborted();
    return this.store.getField(id);
  }
}
