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
 * Items sent in requests of one or more, with a bounded number of requests in flight,
 * the outcome of each item, a retry of the failures alone and a cancel that starts
 * nothing new. Framework-free: a view reads it with `subscribe` and `getSnapshot`
 * (React's useSyncExternalStore).
 */
export interface BulkRun<Item> {
  getSnapshot(): BulkRunSnapshot<Item>;
  subscribe(listener: () => void): () => void;
  /** Sends every item once; settles when all have, or when cancelled and the ones in flight have. */
  start(): Promise<BulkRunSnapshot<Item>>;
  /** Sends the failed items again, and only them. */
  retryFailed(): Promise<BulkRunSnapshot<Item>>;
  /** Starts no new request; those in flight finish and each of their items is counted. */
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
  /**
   * Whether a failure means "send these items again, differently" (the instance has
   * no bulk operation, so each goes on its own): they go back to the queue, neither
   * done nor failed.
   */
  sendAgain?: (error: unknown) => boolean;
}

export interface BatchedBulkRunOptions extends BulkRunOptions {
  /**
   * The most items one request carries. A promise when it is not known yet (the
   * server's capabilities are still on their way); the run waits for it, and a
   * cancel meanwhile sends nothing. A function is asked before each request, so
   * the size can change while the run goes on.
   */
  itemsPerRequest: number | Promise<number> | (() => number);
}

/** What one request answered for one of its items. */
export type ItemOutcome = { ok: true } | { ok: false; error: unknown };

/** The failure of an item that `send` answered no outcome for. */
export const missingOutcome = 'No outcome was given for this item.';

/** Successes in a row after which one more request may be in flight again. */
const successesPerStep = 8;

/** One request per item: `send` answers, or throws the item's failure. */
export function createBulkRun<Item extends { id: number }>(
  items: readonly Item[],
  send: (item: Item) => Promise<unknown>,
  options: BulkRunOptions,
): BulkRun<Item> {
  return createBatchedBulkRun(
    items,
    async ([item]): Promise<ItemOutcome[]> => {
      await send(item!);
      return [{ ok: true }];
    },
    { ...options, itemsPerRequest: 1 },
  );
}

/**
 * Requests of up to `itemsPerRequest` items: `send` answers each item's outcome in the
 * order given, or throws when the request as a whole failed, which then counts as the
 * failure of each of its items (or, for "too many requests", sends them all again).
 */
export function createBatchedBulkRun<Item extends { id: number }>(
  items: readonly Item[],
  send: (batch: readonly Item[]) => Promise<readonly ItemOutcome[]>,
  {
    concurrency,
    backOffMs = () => undefined,
    sendAgain = () => false,
    itemsPerRequest,
  }: BatchedBulkRunOptions,
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
   * Each item of an answered request, counted in one update so the counts move together.
   * An item `send` gave no outcome for counts as failed, so the counts stay exact; what
   * that means for a field is said where its answer is read (`bulkLockFields`).
   */
  const record = (batch: readonly Item[], outcomes: readonly ItemOutcome[]) => {
    const failed: BulkFailure<Item>[] = [];
    batch.forEach((item, at) => {
      const outcome = outcomes[at] ?? { ok: false, error: new Error(missingOutcome) };
      if (!outcome.ok) failed.push({ item, error: outcome.error });
    });
    update((current) => ({
      inFlight: current.inFlight - batch.length,
      succeeded: current.succeeded + batch.length - failed.length,
      failures: failed.length > 0 ? [...current.failures, ...failed] : current.failures,
      remaining: current.remaining - batch.length,
    }));
  };

  /**
   * Workers take items from one queue, up to `itemsPerRequest` at a time. A "too many
   * requests" answer puts its items back at the front, halves how many requests may be
   * in flight and holds every worker until the time the server asked for has passed;
   * each run of successful requests lets one more in flight again, up to `concurrency`.
   * The items are neither done nor failed meanwhile, so the counts stay exact.
   */
  async function sendEach(pass: readonly Item[]): Promise<BulkRunSnapshot<Item>> {
    cancelRequested = false;
    update(() => ({ status: 'running', cancelled: false }));
    // Awaited only when not known, so a run of known size sends its first requests at once.
    const known =
      typeof itemsPerRequest === 'number' || typeof itemsPerRequest === 'function'
        ? itemsPerRequest
        : await itemsPerRequest;
    const perRequest = () => Math.max(1, typeof known === 'number' ? known : known());
    const queue = [...pass];
    let allowed = concurrency;
    let running = 0;
    let successesInRow = 0;
    let resumeAt = 0;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const worker = async (slot: number) => {
      while (!cancelRequested && (queue.length > 0 || running > 0)) {
        // Items in flight may come back to be sent again (sendAgain): wait for them.
        if (queue.length === 0) {
          await pause(20);
          continue;
        }
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
        const batch = queue.splice(0, perRequest());
        running += 1;
        update((current) => ({ inFlight: current.inFlight + batch.length }));
        try {
          const outcomes = await send(batch);
          successesInRow += 1;
          if (successesInRow >= successesPerStep && allowed < concurrency) {
            allowed += 1;
            successesInRow = 0;
          }
          record(batch, outcomes);
        } catch (error) {
          const backOff = backOffMs(error);
          if (sendAgain(error)) {
            queue.unshift(...batch);
            update((current) => ({ inFlight: current.inFlight - batch.length }));
          } else if (backOff !== undefined) {
            queue.unshift(...batch);
            allowed = Math.max(1, Math.floor(allowed / 2));
            successesInRow = 0;
            resumeAt = Math.max(resumeAt, Date.now() + backOff);
            update((current) => ({ inFlight: current.inFlight - batch.length }));
          } else {
            record(
              batch,
              batch.map(() => ({ ok: false, error })),
            );
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
