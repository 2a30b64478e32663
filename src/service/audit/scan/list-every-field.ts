import { listingDigest } from './canonical-field';
import type { FieldSource } from './field-source';

/** Passes over the listing before the scan accepts that some fields could not be listed. */
export const MAX_LISTING_PASSES = 3;

export interface Listing {
  /** Every field found, with the digest of its search result, in id order. */
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
 * Pages through every field, each seen once however the instance orders equal
 * keys. `keep` hears every listed item with an id (an item listed on two passes,
 * twice: the later one is the newer).
 */
export async function listEveryField(
  source: FieldSource,
  signal: AbortSignal,
  onProgress: (listed: number) => void,
  keep?: (item: unknown) => void,
): Promise<Listing> {
  const seen = new Map<number, string>();
  let totalHits = 0;
  for (let pass = 0; pass < MAX_LISTING_PASSES; pass += 1) {
    for (let offset = 0; ;) {
      const page = await source.listPage(offset, signal);
      totalHits = page.totalHits;
      for (const item of page.items) {
        const id = (item as { id?: unknown } | null)?.id;
        const digest = listingDigest(item);
        if (typeof id === 'number' && digest !== undefined) {
          seen.set(id, digest);
          keep?.(item);
        }
      }
      onProgress(seen.size);
      if (page.items.length < source.pageSize || offset + page.items.length >= totalHits) break;
      offset = nextOffset(offset, page.items, (item) => source.listingKey(item));
    }
    if (seen.size >= totalHits) break;
  }
  const fields = [...seen].map(([id, digest]) => ({ id, listingDigest: digest }));
  fields.sort((first, second) => first.id - second.id);
  return { fields, totalHits };
}
