import type { FieldSource, ListedPage } from '../scan/field-source';
import type { ListingFollower } from './list-copy';

/** Pages the listing may run ahead of the scan that takes them (20,000 fields at 5,000 a page). */
const AHEAD = 4;

/**
 * A scan's source whose listing the list copy takes (ListCopy.follow), so that the
 * first search lists the instance once, not twice. Followed before the scan asks for
 * its first page, it lists from that page on as fast as the instance answers, hands
 * each page to the follower as it comes, and keeps up to AHEAD pages for the scan,
 * which takes them in the same order (the same ListingPasses rule decides it on both
 * sides). Paced by the scan instead, which lists on the audit's worker at a lower
 * priority, the table was exact seconds later on a busy machine.
 */
export class ListingAhead implements FieldSource {
  private follower: ListingFollower | undefined;
  private asked = false;
  private readonly pages: Array<{ offset: number; page: ListedPage }> = [];
  private runner: 'idle' | 'running' | 'done' = 'idle';
  private failure: { error: unknown } | undefined;
  private waiting: Array<() => void> = [];

  constructor(private readonly source: FieldSource) {}

  get pageSize(): number {
    return this.source.pageSize;
  }

  get concurrency(): number {
    return this.source.concurrency;
  }

  get counters() {
    return this.source.counters;
  }

  /** Only the store's file lists by revisions, and no list copy follows it (embedded mode has none). */
  startListing(since: string | undefined): Promise<string | undefined> {
    return this.source.startListing?.(since) ?? Promise.resolve(undefined);
  }

  listingKey(item: unknown): unknown {
    return this.source.listingKey(item);
  }

  readField(id: number, signal: AbortSignal): Promise<unknown> {
    return this.source.readField(id, signal);
  }

  /** Whether a follower can still take the whole listing: the scan has asked for no page yet. */
  get followable(): boolean {
    return !this.asked && !this.follower;
  }

  follow(follower: ListingFollower): void {
    if (!this.followable) throw new Error('the listing has started');
    this.follower = follower;
  }

  /** The scan ended: a follower that has not had every page gives up, and pages not taken go. */
  ended(): void {
    this.follower?.ended();
    this.pages.length = 0;
    this.changed();
  }

  async listPage(offset: number, signal: AbortSignal): Promise<ListedPage> {
    this.asked = true;
    const { follower } = this;
    if (!follower) return this.source.listPage(offset, signal);
    if (this.runner === 'idle') void this.run(follower, signal);
    for (;;) {
      const first = this.pages.shift();
      if (first) {
        this.changed();
        // Never expected (both sides page by one rule), but the scan's listing stays its own.
        return first.offset === offset ? first.page : this.source.listPage(offset, signal);
      }
      if (this.failure) throw this.failure.error;
      if (this.runner === 'done') return this.source.listPage(offset, signal);
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private async run(follower: ListingFollower, signal: AbortSignal): Promise<void> {
    this.runner = 'running';
    try {
      for (;;) {
        while (this.pages.length >= AHEAD)
          await new Promise<void>((resolve) => this.waiting.push(resolve));
        // Asked after the wait: a scan that ended meanwhile has ended the follower too.
        const offset = follower.next();
        if (offset === undefined) break;
        const page = await this.source.listPage(offset, signal);
        follower.listed(offset, page);
        this.pages.push({ offset, page });
        this.changed();
      }
    } catch (error) {
      this.failure = { error };
    } finally {
      this.runner = 'done';
      this.changed();
    }
  }

  private changed(): void {
    for (const wake of this.waiting.splice(0)) wake();
  }
}
