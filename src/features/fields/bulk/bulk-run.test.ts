import { describe, expect, test } from 'vitest';
import { createBulkRun } from './bulk-run';
import type { BulkRun } from './bulk-run';

interface Item {
  id: number;
}

const itemsUpTo = (count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1 }));

/** A fake server: each request waits until the test answers it. */
function controlledSend() {
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const sent: number[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send = (item: Item) => {
    sent.push(item.id);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    return new Promise<void>((resolve, reject) => {
      waiting.set(item.id, {
        resolve: () => {
          inFlight -= 1;
          resolve();
        },
        reject: (error) => {
          inFlight -= 1;
          reject(error);
        },
      });
    }).finally(() => waiting.delete(item.id));
  };
  const settle = async (id: number, error?: Error) => {
    const request = waiting.get(id);
    if (!request) throw new Error(`no request for ${id} is waiting`);
    if (error) request.reject(error);
    else request.resolve();
    // Lets the run record the outcome and start its next request.
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return {
    send,
    sent,
    settle,
    waitingIds: () => [...waiting.keys()],
    maxInFlight: () => maxInFlight,
  };
}

/** Answers whatever waits, in a scrambled order, until the run is done. */
async function answerAll(
  run: BulkRun<Item>,
  server: ReturnType<typeof controlledSend>,
  fails: (id: number) => boolean = () => false,
) {
  for (let step = 0; run.getSnapshot().status !== 'finished'; step += 1) {
    const waiting = server.waitingIds();
    const id = waiting[(step * 5) % Math.max(1, waiting.length)];
    if (id === undefined) await new Promise((resolve) => setTimeout(resolve, 0));
    else await server.settle(id, fails(id) ? new Error(`field ${id} refused`) : undefined);
  }
}

describe('createBulkRun', () => {
  test('never has more requests in flight than allowed, and sends each id once', async () => {
    const server = controlledSend();
    const run = createBulkRun(itemsUpTo(25), server.send, { concurrency: 4 });
    const inFlightSeen: number[] = [];
    run.subscribe(() => inFlightSeen.push(run.getSnapshot().inFlight));

    const done = run.start();
    expect(server.waitingIds()).toHaveLength(4);
    await answerAll(run, server);
    const result = await done;

    expect(server.maxInFlight()).toBe(4);
    expect(Math.max(...inFlightSeen)).toBe(4);
    expect([...server.sent].sort((a, b) => a - b)).toEqual(itemsUpTo(25).map((item) => item.id));
    expect(result).toMatchObject({
      status: 'finished',
      total: 25,
      succeeded: 25,
      failures: [],
      remaining: 0,
      inFlight: 0,
      cancelled: false,
    });
  });

  test('an id listed twice is sent once', async () => {
    const sent: number[] = [];
    const run = createBulkRun(
      [{ id: 1 }, { id: 2 }, { id: 1 }],
      async (item) => sent.push(item.id),
      {
        concurrency: 4,
      },
    );
    const result = await run.start();
    expect(sent).toEqual([1, 2]);
    expect(result.total).toBe(2);
  });

  test('counts done, failed and remaining as outcomes arrive', async () => {
    const server = controlledSend();
    const run = createBulkRun(itemsUpTo(6), server.send, { concurrency: 2 });
    void run.start();

    await server.settle(1);
    await server.settle(2, new Error('refused'));

    expect(run.getSnapshot()).toMatchObject({
      status: 'running',
      succeeded: 1,
      remaining: 4,
      inFlight: 2,
    });
    expect(run.getSnapshot().failures).toEqual([{ item: { id: 2 }, error: new Error('refused') }]);
  });

  test('a send that throws at once is a failure like any other', async () => {
    const run = createBulkRun(
      itemsUpTo(3),
      (item) => {
        if (item.id === 2) throw new Error('bad input');
        return Promise.resolve();
      },
      { concurrency: 2 },
    );
    const result = await run.start();
    expect(result.succeeded).toBe(2);
    expect(result.failures.map((failure) => failure.item.id)).toEqual([2]);
  });

  test('"retry failed" sends the failures again and nothing else', async () => {
    const server = controlledSend();
    const run = createBulkRun(itemsUpTo(10), server.send, { concurrency: 3 });
    const first = run.start();
    await answerAll(run, server, (id) => id === 4 || id === 7);
    expect((await first).failures.map((failure) => failure.item.id).sort()).toEqual([4, 7]);
    const sentBefore = server.sent.length;

    const retry = run.retryFailed();
    expect(run.getSnapshot()).toMatchObject({ failures: [], remaining: 2, succeeded: 8 });
    await answerAll(run, server);
    const result = await retry;

    expect(server.sent.slice(sentBefore).sort()).toEqual([4, 7]);
    expect(result).toMatchObject({ succeeded: 10, failures: [], remaining: 0, total: 10 });
  });

  test('cancel starts no new request, lets those in flight finish and counts the rest', async () => {
    const server = controlledSend();
    const run = createBulkRun(itemsUpTo(12), server.send, { concurrency: 4 });
    const done = run.start();
    await server.settle(1);
    await server.settle(2, new Error('refused'));
    const inFlightAtCancel = server.waitingIds();
    expect(inFlightAtCancel).toHaveLength(4);

    run.cancel();
    expect(run.getSnapshot().status).toBe('stopping');
    for (const id of inFlightAtCancel) await server.settle(id);
    const result = await done;

    expect(server.sent).toHaveLength(6);
    expect(server.waitingIds()).toEqual([]);
    expect(result).toMatchObject({
      status: 'finished',
      cancelled: true,
      succeeded: 5,
      remaining: 6,
      inFlight: 0,
    });
    expect(result.failures).toHaveLength(1);
  });

  test('after a cancel, "retry failed" sends the failures and the run is no longer cancelled', async () => {
    const server = controlledSend();
    const run = createBulkRun(itemsUpTo(6), server.send, { concurrency: 2 });
    const done = run.start();
    await server.settle(1, new Error('refused'));
    run.cancel();
    for (const id of server.waitingIds()) await server.settle(id);
    expect(await done).toMatchObject({ cancelled: true, succeeded: 2, remaining: 3 });

    const retry = run.retryFailed();
    expect(run.getSnapshot()).toMatchObject({ status: 'running', cancelled: false });
    expect(server.waitingIds()).toEqual([1]);
    await server.settle(1);

    expect(await retry).toMatchObject({
      status: 'finished',
      cancelled: false,
      succeeded: 3,
      failures: [],
      remaining: 3,
    });
  });

  test('a cancel after everything was sent is not reported as cancelled', async () => {
    const server = controlledSend();
    const run = createBulkRun(itemsUpTo(2), server.send, { concurrency: 4 });
    const done = run.start();
    run.cancel();
    await server.settle(1);
    await server.settle(2);
    expect(await done).toMatchObject({ cancelled: false, succeeded: 2, remaining: 0 });
  });

  test('starts once, and retries only when idle', async () => {
    const server = controlledSend();
    const run = createBulkRun(itemsUpTo(2), server.send, { concurrency: 1 });
    void run.start();
    expect(() => run.start()).toThrow(/only once/);
    expect(() => run.retryFailed()).toThrow(/still sending/);
    expect(() => createBulkRun([], server.send, { concurrency: 0 })).toThrow(RangeError);
  });

  test('nothing to send finishes at once', async () => {
    const run = createBulkRun<Item>([], () => Promise.resolve(), { concurrency: 4 });
    expect(await run.start()).toMatchObject({ status: 'finished', total: 0, remaining: 0 });
  });

  test('a listener stops hearing once it unsubscribes', async () => {
    const run = createBulkRun(itemsUpTo(3), () => Promise.resolve(), { concurrency: 1 });
    let heard = 0;
    const unsubscribe = run.subscribe(() => (heard += 1));
    unsubscribe();
    await run.start();
    expect(heard).toBe(0);
  });

  test('a "too many requests" answer sends the item again after the wait, with fewer in flight, and fails nothing', async () => {
    const tooMany = new Error('429 Too Many Requests');
    const server = controlledSend();
    let inFlight = 0;
    const inFlightAfterBackOff: number[] = [];
    let backedOff = false;
    const send = async (item: Item) => {
      inFlight += 1;
      if (backedOff) inFlightAfterBackOff.push(inFlight);
      try {
        return await server.send(item);
      } finally {
        inFlight -= 1;
      }
    };
    const run = createBulkRun(itemsUpTo(12), send, {
      concurrency: 4,
      backOffMs: (error) => (error === tooMany ? 30 : undefined),
    });
    const done = run.start();
    expect(server.waitingIds()).toEqual([1, 2, 3, 4]);

    backedOff = true;
    await server.settle(1, tooMany);
    // Neither done nor failed: still to send, and nothing new starts during the wait.
    expect(run.getSnapshot()).toMatchObject({ succeeded: 0, failures: [], remaining: 12 });
    await server.settle(2);
    expect(server.waitingIds()).toEqual([3, 4]);

    await answerAll(run, server);
    const result = await done;
    expect(result).toMatchObject({ succeeded: 12, failures: [], remaining: 0, cancelled: false });
    expect(server.sent.filter((id) => id === 1)).toHaveLength(2);
    // Half as many in flight after the 429, growing back only after successes.
    expect(inFlightAfterBackOff.slice(0, 4).every((count) => count <= 2)).toBe(true);
  });
});
