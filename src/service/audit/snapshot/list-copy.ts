import type {
  NormalizedFilter,
  NormalizedSearchRequest,
} from '../../../contract/search-validation';
import { searchItemOf } from '../../../contract/field';
import type { FlagFilter } from '../../../contract/search';
import { FieldIndex } from '../../store/index/field-index';
import type { SearchPage } from '../../store/search-page';
import type { FieldFacts } from '../findings/field-facts';
import { canonicalField } from '../scan/canonical-field';
import type { FieldSource, ListedPage } from '../scan/field-source';
import { listEveryField, ListingPasses } from '../scan/list-every-field';
import { indexColumnsOfFacts } from '../search/index-columns-of-facts';

/** Filters a search result cannot answer: they need the expression or the full template. */
const detailFlags: ReadonlySet<FlagFilter> = new Set(['hidden', 'aggregated', 'nested']);

/** Whether the list copy can answer these filters from search results alone. */
export function answerableFromList(filters: readonly NormalizedFilter[]): boolean {
  return filters.every((filter) => {
    if (filter.kind === 'flag') return !detailFlags.has(filter.flag);
    if (filter.kind === 'list') return filter.field !== 'function';
    return false;
  });
}

/** The facts a search result gives; what only the full template holds reads as empty. */
function listedFacts(item: ReturnType<typeof searchItemOf>): FieldFacts {
  return {
    id: item.id,
    name: item.name,
    owner: item.owner,
    locked: item.locked,
    archived: item.archived,
    hidden: false,
    variable: item.variable,
    global: item.global,
    aggregated: false,
    status: item.status,
    checkSum: '',
    created: item.created,
    lastModified: item.lastModified,
    links: item.links.map(({ resource, visible, active, valid }) => ({
      type: resource.type,
      id: resource.id,
      visible,
      active,
      valid,
    })),
    names: [],
    nests: [],
    functions: [],
    problems: [],
    shape: '',
    lint: [],
  };
}

/** What a scan tells the list copy that follows its listing (ListCopy.follow). */
export interface ListingFollower {
  /** The offset of the page it needs next; undefined once it needs none (complete, or given up). */
  next(): number | undefined;
  /** A page listed for it, asked for at `offset`. */
  listed(offset: number, page: ListedPage): void;
  /** The scan ended (however it ended). */
  ended(): void;
}

type State =
  | { kind: 'none' }
  | { kind: 'building' }
  | { kind: 'failed' }
  | { kind: 'ready'; index: FieldIndex; items: Map<number, string>; asOf: number }
  /** A scan has completed: its snapshot pages exactly, and the copy is not needed again. */
  | { kind: 'released' };

/**
 * Proxy mode, before the first scan completes (docs/proxy.md): every field's search
 * result, listed page by page sorted by `created`, each field once however the
 * instance orders equal times, passed over again until the count adds up (as the
 * scan and the export list), or taken from the first scan's own listing. It takes
 * seconds at 100,000 fields where the scan reads every template for many minutes;
 * meanwhile the table pages through it in a total order, ties broken on id,
 * instead of through the instance's unstable one. Released once a scan completes.
 */
export class ListCopy {
  private state: State = { kind: 'none' };
  private listing: Promise<void> | undefined;
  /** Stops a listing of its own when the copy is released. */
  private readonly releasing = new AbortController();

  constructor(
    private readonly sourceFor: (token: string | undefined) => FieldSource,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Starts listing with this caller's token, unless a listing is running or done;
   * a failed one is tried again by the next search.
   */
  start(token: string | undefined, signal: AbortSignal): void {
    if (!this.canList) return;
    this.state = { kind: 'building' };
    this.listing = this.build(token, AbortSignal.any([signal, this.releasing.signal])).catch(() =>
      this.settle({ kind: 'failed' }),
    );
  }

  /**
   * Drops the copy, and stops a listing still running: a scan has completed, and
   * its snapshot answers searches with exact paging from then on. The copy held
   * every field's search result and an index of them (tens of MB at 100,000 fields).
   */
  release(): void {
    this.state = { kind: 'released' };
    this.releasing.abort();
  }

  /**
   * Takes the listing of a scan that has not listed a page yet (the first scan
   * starts with the first search; see listing-ahead.ts), page by page, instead of
   * listing the instance a second time. Answers what the scan's listing calls;
   * undefined when a listing is running or done. A scan that ends before the listing
   * is complete leaves the copy failed, so the next search lists on its own.
   */
  follow(source: Pick<FieldSource, 'pageSize' | 'listingKey'>): ListingFollower | undefined {
    if (!this.canList) return undefined;
    this.state = { kind: 'building' };
    const startedAt = this.now();
    const taken = new ListedItems();
    const passes = new ListingPasses(
      source.pageSize,
      (item) => source.listingKey(item),
      (raw) => taken.add(raw),
    );
    let ended = () => {};
    this.listing = new Promise<void>((resolve) => (ended = resolve));
    let following = true;
    const stop = (ready: boolean) => {
      if (!following) return;
      following = false;
      this.settle(ready ? taken.ready(startedAt) : { kind: 'failed' });
      ended();
    };
    return {
      next: () => (following ? passes.next : undefined),
      listed: (offset, page) => {
        if (!following) return;
        if (this.state.kind === 'released') return stop(false);
        // A page this listing would not have asked for: the scan lists otherwise.
        if (offset !== passes.next) return stop(false);
        passes.add(page);
        if (passes.next === undefined) stop(true);
      },
      ended: () => stop(false),
    };
  }

  /** Waits for the listing to end, or `ms`, whichever comes first. */
  async settled(ms: number): Promise<void> {
    if (!this.listing) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.listing,
      new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
    ]);
    clearTimeout(timer);
  }

  /** Neither listing nor listed, nor released. */
  private get canList(): boolean {
    return this.state.kind === 'none' || this.state.kind === 'failed';
  }

  /** How a listing ended, unless the copy was released meanwhile. */
  private settle(state: State): void {
    if (this.state.kind !== 'released') this.state = state;
  }

  get ready(): boolean {
    return this.state.kind === 'ready';
  }

  /** When listing started, as the answer's `asOf`. */
  get asOf(): number | undefined {
    return this.state.kind === 'ready' ? this.state.asOf : undefined;
  }

  /** A page of results, or undefined when the copy is not ready or cannot answer the filters. */
  search(request: NormalizedSearchRequest): SearchPage | undefined {
    const { state } = this;
    if (state.kind !== 'ready' || !answerableFromList(request.filters)) return undefined;
    const page = state.index.search(request);
    return {
      totalHits: page.totalHits,
      hasMore: page.hasMore,
      degraded: false,
      results: page.ids.map((id) => state.items.get(id)!),
    };
  }

  /** A field the instance answered a lock with: the copy shows the change at once. */
  fieldChanged(raw: unknown): void {
    const { state } = this;
    const field = canonicalField(raw);
    if (state.kind !== 'ready' || !field || !state.items.has(field.id)) return;
    state.items.set(field.id, JSON.stringify(searchItemOf(field)));
    state.index.applyLock(field.id, field.locked, field.lastModified);
  }

  private async build(token: string | undefined, signal: AbortSignal): Promise<void> {
    const startedAt = this.now();
    const taken = new ListedItems();
    await listEveryField(
      this.sourceFor(token),
      signal,
      () => undefined,
      (raw) => taken.add(raw),
    );
    this.settle(taken.ready(startedAt));
  }
}

/** What a listing found, kept as the copy answers it: each item's JSON and its facts. */
class ListedItems {
  private readonly items = new Map<number, string>();
  private readonly facts = new Map<number, FieldFacts>();

  add(raw: unknown): void {
    const field = canonicalField(raw);
    if (!field) return;
    const item = searchItemOf(field);
    this.items.set(item.id, JSON.stringify(item));
    this.facts.set(item.id, listedFacts(item));
  }

  ready(asOf: number): State {
    // Listed in the instance's order; the index reads its facts ascending by id.
    const facts = [...this.facts.values()].sort((a, b) => a.id - b.id);
    const index = new FieldIndex(indexColumnsOfFacts(facts, new Map()));
    return { kind: 'ready', index, items: this.items, asOf };
  }
}
