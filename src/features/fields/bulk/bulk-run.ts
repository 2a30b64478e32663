export interface BulkFailure<Item> {
  readonly item: Item;
  readonly error: unknown;
}

/** `ready`: not started; `stopping`: cancelled, waiting for the requests in flight. */
export type BulkRunStatus = 'ready' | 'running' | 'stopping' | 'finished';

export interface BulkRunSnapshot<Item> {
  readonly status: BulkRunStatus;
  readonly total: number;
  readonly succeeded: number;
  readonly failures: readonly BulkFailure<Item>[];
  /** Not settled yet: waiting, in flight, or (after a cancel) never sent. */
  readonly remaining: number;
  readonly inFlight: number;
  /** The last pass was cancelled, so `remaining` counts what it did not send. */
  readonly cancelled: boolean;
}

/**
 * One request per item with a bounded number in flight, the outcome of each, a retry
 * of the failures alone and a cancel that starts nothing new. Framework-free: a view
 * reads it with `subscribe` and `getSnapshot` (React's useSyncExternalStore).
 */
export interface BulkRun<Item> {
  getSnapshot(): BulkRunSnapshot<Item>;
  subscribe(listener: () => void): () => void;
  /** Sends every item once; settles when all have, or when cancelled and the ones in flight have. */
  start(): Promise<BulkRunSnapshot<Item>>;
  /** Sends the failed items again, and only them. */
  retryFailed(): Promise<BulkRunSnapshot<Item>>;
  /** Starts no new request; those in flight finish and are counted. */
  cancel(): void;
}

function uniqueById<Item extends { id: number }>(items: readonly Item[]): Item[] {
  const byId = new Map<number, Item>();
  for (const item of items) if (!byId.has(item.id)) byId.set(item.id, item);
  return [...byId.values()];
}

export interface BulkRunOptions {
  /** The most requests in flight; the run starts with this many. */
  concurrency: number;
  /**
   * How long the server asked to wait before the next request, when a failure means
   * "too many requests" (a 429 and its Retry-After); undefined for a real failure.
   */
  backOffMs?: (error: unknown) => number | undefined;
}

/** Successes in a row after which one more request may be in flight again. */
const successesPerStep = 8;

export function createBulkRun<Item extends { id: number }>(
  items: readonly Item[],
  send: (item: Item) => Promise<unknown>,
  { concurrency, backOffMs = () => undefined }: BulkRunOptions,
): BulkRun<Item> {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a positive integer (got ${concurrency})`);
  }
  const queue = uniqueById(items);
  const listeners = new Set<() => void>();
  let cancelRequested = false;
  let snapshot: BulkRunSnapshot<Item> = {
    status: 'ready',
    total: queue.length,
    succeeded: 0,
    failures: [],
    remaining: queue.length,
    inFlight: 0,
    cancelled: false,
  };

  const update = (change: (current: BulkRunSnapshot<Item>) => Partial<BulkRunSnapshot<Item>>) => {
    snapshot = { ...snapshot, ...change(snapshot) };
    for (const listener of listeners) listener();
  };

  /**
   * Workers take items from one queue. A "too many requests" answer puts its item
   * back at the front, halves how many may be in flight and holds every worker until
   * the time the server asked for has passed; each run of successes lets one more
   * request in flight again, up to `concurrency`. The item is neither done nor
   * failed meanwhile, so the counts stay exact.
   */
  async function sendEach(pass: readonly Item[]): Promise<BulkRunSnapshot<Item>> {
    cancelRequested = false;
    update(() => ({ status: 'running', cancelled: false }));
    const queue = [...pass];
    let allowed = concurrency;
    let running = 0;
    let successesInRow = 0;
    let resumeAt = 0;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const worker = async (slot: number) => {
      while (!cancelRequested && queue.length > 0) {
        const wait = resumeAt - Date.now();
        if (wait > 0) {
          await pause(wait);
          continue;
        }
        // Slots above the allowed number wait until successes allow them again.
        if (slot >= allowed || running >= allowed) {
          await pause(50);
          continue;
        }
        const item = queue.shift()!;
        running += 1;
        update((current) => ({ inFlight: current.inFlight + 1 }));
        try {
          await send(item);
          successesInRow += 1;
          if (successesInRow >= successesPerStep && allowed < concurrency) {
            allowed += 1;
            successesInRow = 0;
          }
          update((current) => ({
            inFlight: current.inFlight - 1,
            succeeded: current.succeeded + 1,
            remaining: current.remaining - 1,
          }));
        } catch (error) {
          const backOff = backOffMs(error);
          if (backOff !== undefined) {
            queue.unshift(item);
            allowed = Math.max(1, Math.floor(allowed / 2));
            successesInRow = 0;
            resumeAt = Math.max(resumeAt, Date.now() + backOff);
            update((current) => ({ inFlight: current.inFlight - 1 }));
          } else {
            update((current) => ({
              inFlight: current.inFlight - 1,
              failures: [...current.failures, { item, error }],
              remaining: current.remaining - 1,
            }));
          }
        } finally {
          running -= 1;
        }
      }
    };
    const slots = Array.from({ length: Math.min(concurrency, pass.length) }, (_, slot) => slot);
    await Promise.all(slots.map(worker));
    update(() => ({ status: 'finished', cancelled: queue.length > 0 }));
    return snapshot;
  }

  const assertIdle = (action: string) => {
    if (snapshot.status === 'running' || snapshot.status === 'stopping') {
      throw new Error(`cannot ${action} while the run is still sending`);
    }
  };

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (snapshot.status !== 'ready') throw new Error('a bulk run starts only once');
      return sendEach(queue);
    },
    retryFailed() {
      assertIdle('retry');
      const failed = snapshot.failures.map((failure) => failure.item);
      update((current) => ({ failures: [], remaining: current.remaining + failed.length }));
      return sendEach(failed);
    },
    cancel() {
      if (snapshot.status !== 'running') return;
      cancelRequested = true;
      update(() => ({ status: 'stopping' }));
    },
  };
}
