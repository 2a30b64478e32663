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

export function createBulkRun<Item extends { id: number }>(
  items: readonly Item[],
  send: (item: Item) => Promise<unknown>,
  { concurrency }: { concurrency: number },
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

  async function sendEach(pass: readonly Item[]): Promise<BulkRunSnapshot<Item>> {
    cancelRequested = false;
    update(() => ({ status: 'running', cancelled: false }));
    let next = 0;
    const worker = async () => {
      while (!cancelRequested && next < pass.length) {
        const item = pass[next++]!;
        update((current) => ({ inFlight: current.inFlight + 1 }));
        try {
          await send(item);
          update((current) => ({
            inFlight: current.inFlight - 1,
            succeeded: current.succeeded + 1,
            remaining: current.remaining - 1,
          }));
        } catch (error) {
          update((current) => ({
            inFlight: current.inFlight - 1,
            failures: [...current.failures, { item, error }],
            remaining: current.remaining - 1,
          }));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, pass.length) }, worker));
    update(() => ({ status: 'finished', cancelled: next < pass.length }));
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
