/** One page of search results, as the instance sent them (checked by the scan, not here). */
export interface ListedPage {
  totalHits: number;
  items: unknown[];
  /**
   * The ids of the items the source listed as not changed since the mark given to
   * `FieldSource.startListing`: each is `{ id }` alone, its search result not sent, and
   * the scan keeps the field as last seen, as it would one whose listing digest did
   * not change.
   */
  unchanged?: number[];
}

/** What a request to the instance cost, for the scan's progress. */
export interface SourceCounters {
  requests: number;
  retries: number;
}

/**
 * Where a scan reads the instance from: the embedded store, or a real instance
 * through its API. Both list every field page by page and read one complete field
 * by id, so one scan algorithm serves both modes (docs/audit.md, "Scans").
 */
export interface FieldSource {
  /** Fields per listing page. */
  readonly pageSize: number;
  /** How many fields are read at once. */
  readonly concurrency: number;
  readonly counters: SourceCounters;
  /**
   * The store's SQLite file, when the source reads one (embedded mode): the audit's
   * worker then opens the file itself, and asks the server's thread for no page and
   * no field.
   */
  readonly storeFile?: string;
  /**
   * Embedded mode: called before the listing starts, with the mark the last complete
   * scan kept; answers this listing's mark, to keep with the scan. Fields not changed
   * since the mark given are then listed as `ListedPage.unchanged`. Undefined when the
   * source keeps no such marks.
   */
  startListing?(since: string | undefined): Promise<string | undefined>;
  /** One page of every field, in an order the instance accepts. */
  listPage(offset: number, signal: AbortSignal): Promise<ListedPage>;
  /** The key the listing is sorted by, for a listed item: equal keys may come in any order. */
  listingKey(item: unknown): unknown;
  /** The complete field as the instance answers it; undefined when no field has that id. */
  readField(id: number, signal: AbortSignal): Promise<unknown>;
}
