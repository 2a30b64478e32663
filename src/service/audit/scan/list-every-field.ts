import { listingDigest, UNCHANGED_LISTING } from './canonical-field';
import type { FieldSource, ListedPage } from './field-source';

/** Passes over the listing before the scan accepts that some fields could not be listed. */
export const MAX_LISTING_PASSES = 3;

export interface Listing {
  /**
   * Every field found, with the digest of its search result (UNCHANGED_LISTING for a
   * field listed as unchanged since the last complete scan's listing), in id order.
   */
  fields: Array<{ id: number; listingDigest: string }>;
  /** How many the instance said it has, on the last pass. */
  totalHits: number;
}

/**
 * Where the next page starts: at the first of the items that end this page with
 * one equal sort key. An instance may order equal keys differently on every call
 * (production does), so a run of equal keys cut by a page boundary could repeat
 * some fields and skip others; starting the next page where the run starts puts
 * the whole run in one answer. A page that is one run throughout (more equal keys
 * than a page holds) moves on by a full page, and a further pass fills any gap.
 */
export function nextOffset(
  offset: number,
  items: readonly unknown[],
  keyOf: (item: unknown) => unknown,
): number {
  const lastKey = keyOf(items[items.length - 1]);
  let runStart = items.length - 1;
  while (runStart > 0 && keyOf(items[runStart - 1]) === lastKey) runStart -= 1;
  return offset + (runStart === 0 ? items.length : runStart);
}

/**
 * One listing of every field, page by page: which page to ask for next, and when
 * the listing is complete. Each page starts where the previous one's last run of
 * equal keys started; a pass that found fewer fields than the instance counts is
 * followed by another, up to MAX_LISTING_PASSES. `keep` hears every listed item
 * with an id (an item listed on two passes, twice: the later one is the newer).
 */
export class ListingPasses {
  /** Field id -> the digest of its search result, for every field found so far. */
  readonly seen = new Map<number, string>();
  /** How many the instance said it has, on the last page. */
  totalHits = 0;
  /** The offset of the page to ask for next; undefined once the listing is complete. */
  next: number | undefined = 0;
  private pass = 0;

  constructor(
    private readonly pageSize: number,
    private readonly keyOf: (item: unknown) => unknown,
    private readonly keep?: (item: unknown) => void,
  ) {}

  /** The page the instance answered for `next`. */
  add(page: ListedPage): void {
    const offset = this.next;
    if (offset === undefined) throw new Error('the listing is complete');
    this.totalHits = page.totalHits;
    const unchanged = new Set(page.unchanged);
    for (const item of page.items) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === 'number' && unchanged.has(id)) {
        this.seen.set(id, UNCHANGED_LISTING);
        continue;
      }
      const digest = listingDigest(item);
      if (typeof id === 'number' && digest !== undefined) {
        this.seen.set(id, digest);
        this.keep?.(item);
      }
    }
    if (page.items.length >= this.pageSize && offset + page.items.length < this.totalHits) {
      this.next = nextOffset(offset, page.items, this.keyOf);
      return;
    }
    this.pass += 1;
    const complete = this.seen.size >= this.totalHits || this.pass >= MAX_LISTING_PASSES;
    this.next = complete ? undefined : 0;
  }
}

/** Pages through every field, each seen once however the instance orders equal keys. */
export async function listEveryField(
  source: FieldSource,
  signal: AbortSignal,
  onProgress: (listed: number) => void,
  keep?: (item: unknown) => void,
): Promise<Listing> {
  const passes = new ListingPasses(source.pageSize, (item) => source.listingKey(item), keep);
  while (passes.next !== undefined) {
    passes.add(await source.listPage(passes.next, signal));
    onProgress(passes.seen.size);
  }
  const fields = [...passes.seen].map(([id, digest]) => ({ id, listingDigest: digest }));
  fields.sort((first, second) => first.id - second.id);
  return { fields, totalHits: passes.totalHits };
}
