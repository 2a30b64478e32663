import type { InstanceData } from '../../../contract/search';
import { detectLastModifiedSort } from '../../upstream/detect-sort-support';
import type { UpstreamClient } from '../../upstream/upstream-client';
import { UpstreamError } from '../../upstream/upstream-client';
import type { AuditService } from '../audit-service';
import type { FieldFacts } from '../findings/field-facts';
import { listEveryField, nextOffset } from '../scan/list-every-field';
import { UpstreamSource } from '../scan/upstream-source';

export const DEFAULT_REFRESH_EVERY_MS = 5000;
/** Without a lastModified sort every refresh lists the whole instance, so it runs this seldom. */
export const DEFAULT_SWEEP_EVERY_MS = 60_000;
const DEFAULT_FIRST_SEARCH_WAITS_MS = 3000;
const CHANGES_PAGE = 500;

export interface SnapshotRefresherOptions {
  service: AuditService;
  /** A client of the instance with this token (the server's own token when it holds one). */
  clientFor: (token: string | undefined) => UpstreamClient;
  /** Fields read at once. */
  concurrency: number;
  refreshEveryMs?: number;
  sweepEveryMs?: number;
  /** How long a search before the first scan waits for the list copy; 3 s. */
  firstSearchWaitsMs?: number;
  now?: () => number;
}

/** Words for a failure, safe to show: never the token, never a stack. */
function failureMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > 500 ? `${message.slice(0, 497)}...` : message;
}

/**
 * Keeps the instance as last seen (the audit's snapshot plus what changed since)
 * close to the instance, so searches can be answered from it (docs/proxy.md):
 *
 * - a **pass** asks the instance for its fields by `lastModified`, newest first,
 *   until one is older than the newest field already held, and reads those that
 *   changed; at most one pass every `refreshEveryMs`, shared by every search that
 *   arrives meanwhile;
 * - a **sweep** lists every field and drops those the instance no longer has
 *   (deletions leave no trace in `lastModified`). It runs in the background when
 *   the instance's count differs from the snapshot's, and, for an instance that
 *   cannot sort by `lastModified`, instead of passes every `sweepEveryMs`.
 */
export class SnapshotRefresher {
  private sortsByLastModified: boolean | undefined;
  private refreshedAt: number | undefined;
  private lastError: string | undefined;
  private lastPassStart = Number.NEGATIVE_INFINITY;
  private lastSweepStart = Number.NEGATIVE_INFINITY;
  private pass: { token: string | undefined; done: Promise<void> } | undefined;
  private sweep: Promise<void> | undefined;
  private sweptWith: { instanceCount: number; heldCount: number } | undefined;
  private readonly stop = new AbortController();

  constructor(private readonly options: SnapshotRefresherOptions) {}

  private get now() {
    return this.options.now ?? Date.now;
  }

  /** How long a search before the first scan waits for the list copy (list-copy.ts). */
  get firstSearchWaitsMs(): number {
    return this.options.firstSearchWaitsMs ?? DEFAULT_FIRST_SEARCH_WAITS_MS;
  }

  get refreshEveryMs(): number {
    return this.options.refreshEveryMs ?? DEFAULT_REFRESH_EVERY_MS;
  }

  private get sweepEveryMs(): number {
    return this.options.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS;
  }

  /**
   * Brings the snapshot up to date before a search is answered, unless a pass ran
   * within `refreshEveryMs`. A refused token is thrown to the caller whose token it
   * is (an UpstreamError of kind `refused`); any other failure is remembered and
   * reported in `instanceData()`, and the snapshot answers as it is.
   */
  async refresh(token: string | undefined): Promise<void> {
    if (this.pass) {
      // Another caller's refusal is that caller's; this one waits for the data only.
      return this.pass.token === token ? this.pass.done : this.pass.done.catch(() => undefined);
    }
    if (this.now() - this.lastPassStart < this.refreshEveryMs) return;
    this.lastPassStart = this.now();
    const done = this.runPass(token).finally(() => {
      this.pass = undefined;
    });
    this.pass = { token, done };
    return done;
  }

  /** What a search answered from the snapshot says about its freshness. */
  instanceData(): InstanceData {
    const scan = this.options.service.latestScan();
    return {
      source: 'snapshot',
      asOf: Math.max(this.refreshedAt ?? 0, scan?.started ?? 0),
      // Without a lastModified sort the copy moves only with sweeps.
      refreshEveryMs: this.sortsByLastModified === false ? this.sweepEveryMs : this.refreshEveryMs,
      checkingDeletions: this.sweep !== undefined,
      ...(this.lastError === undefined ? {} : { refreshError: this.lastError }),
    };
  }

  /** Resolves when no pass or sweep is running. */
  async settled(): Promise<void> {
    while (this.pass || this.sweep) {
      await Promise.allSettled([this.pass?.done, this.sweep]);
    }
  }

  async close(): Promise<void> {
    this.stop.abort();
    await this.settled();
  }

  private async runPass(token: string | undefined): Promise<void> {
    const started = this.now();
    const client = this.options.clientFor(token);
    try {
      this.sortsByLastModified ??= await detectLastModifiedSort(client, this.stop.signal);
      client.lastModifiedSortWorks = this.sortsByLastModified;
      if (!this.sortsByLastModified) {
        if (this.now() - this.lastSweepStart >= this.sweepEveryMs) this.startSweep(token);
        return;
      }
      const totalHits = await this.readChangesSinceNewest(client);
      this.refreshedAt = Math.max(this.refreshedAt ?? 0, started);
      this.lastError = undefined;
      if (this.countsDiffer(totalHits, await this.heldCount())) this.startSweep(token);
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'refused') throw error;
      if (this.stop.signal.aborted) return;
      this.lastError = `the instance could not be asked what changed: ${failureMessage(error)}`;
    }
  }

  /** Reads the fields changed since the newest one held; answers the instance's count of fields. */
  private async readChangesSinceNewest(client: UpstreamClient): Promise<number> {
    const view = await this.options.service.viewWithFindings();
    const held = view?.facts() ?? new Map<number, FieldFacts>();
    const newest = view?.newestLastModified() ?? Number.NEGATIVE_INFINITY;
    const changed = new Set<number>();
    let totalHits: number;
    for (let offset = 0; ;) {
      const page = await client.search(
        {
          filters: [],
          sort: { field: 'lastModified', ascending: false },
          limit: CHANGES_PAGE,
          offset,
        },
        this.stop.signal,
      );
      totalHits = page.totalHits;
      let reachedOlder = false;
      for (const item of page.results) {
        const { id, lastModified } = (item ?? {}) as { id?: unknown; lastModified?: unknown };
        if (typeof id !== 'number' || typeof lastModified !== 'number') continue;
        if (lastModified < newest) {
          reachedOlder = true;
          break;
        }
        if (held.get(id)?.lastModified !== lastModified) changed.add(id);
      }
      const end = offset + page.results.length;
      if (reachedOlder || page.results.length < CHANGES_PAGE || end >= totalHits) break;
      // Equal times may come in another order on the next call: start the next page at their run.
      offset = nextOffset(
        offset,
        page.results,
        (item) => (item as { lastModified?: unknown } | null)?.lastModified,
      );
    }
    await this.readFields(client, [...changed]);
    return totalHits;
  }

  /**
   * The instance counts another number of fields than the snapshot holds: some were
   * deleted. A difference the last sweep already ended with (fields the instance
   * counts but does not list) is looked at again only every `sweepEveryMs`.
   */
  private countsDiffer(instanceCount: number, heldCount: number): boolean {
    if (instanceCount === heldCount) return false;
    const known =
      this.sweptWith?.instanceCount === instanceCount && this.sweptWith.heldCount === heldCount;
    return !known || this.now() - this.lastSweepStart >= this.sweepEveryMs;
  }

  private startSweep(token: string | undefined): void {
    if (this.sweep) return;
    const started = this.now();
    this.lastSweepStart = started;
    this.sweep = this.runSweep(token, started)
      .catch((error: unknown) => {
        if (!this.stop.signal.aborted)
          this.lastError = `the instance could not be listed to find deleted fields: ${failureMessage(error)}`;
      })
      .finally(() => {
        this.sweep = undefined;
      });
  }

  private async runSweep(token: string | undefined, started: number): Promise<void> {
    const { service } = this.options;
    const client = this.options.clientFor(token);
    // Taken before listing, so a field added by a pass during the sweep is not taken for deleted.
    const heldBefore = service.currentListingDigests();
    const listing = await listEveryField(
      new UpstreamSource(client, this.options.concurrency),
      this.stop.signal,
      () => undefined,
    );
    const listed = new Set<number>();
    const toRead: number[] = [];
    for (const { id, listingDigest } of listing.fields) {
      listed.add(id);
      if (heldBefore.get(id) !== listingDigest) toRead.push(id);
    }
    // A listing that missed some fields cannot tell deleted from missed.
    if (listing.fields.length >= listing.totalHits) {
      for (const id of heldBefore.keys()) if (!listed.has(id)) service.fieldRemoved(id);
    }
    await this.readFields(client, toRead);
    this.sweptWith = {
      instanceCount: listing.totalHits,
      heldCount: await this.heldCount(),
    };
    this.refreshedAt = Math.max(this.refreshedAt ?? 0, started);
    this.lastError = undefined;
  }

  /** How many fields the copy holds, from the facts its findings were made from on the audit's thread. */
  private async heldCount(): Promise<number> {
    return (await this.options.service.viewWithFindings())?.facts().size ?? 0;
  }

  /** Reads fields in full (as a scan does) and applies what the instance answers. */
  private async readFields(client: UpstreamClient, ids: readonly number[]): Promise<void> {
    const { service } = this.options;
    let next = 0;
    const reader = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        const answer = await client.getTemplate(id, this.stop.signal);
        if (answer.status === 200) service.fieldChanged(answer.field);
        else if (answer.status === 404) service.fieldRemoved(id);
        else
          throw new UpstreamError(
            'unexpected',
            'the instance does not answer GET /functions/template/{id}',
          );
      }
    };
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(this.options.concurrency, ids.length)) }, reader),
    );
  }
}
