import { describe, expect, test } from 'vitest';
import { createBatchedBulkRun, missingOutcome } from './bulk-run';
import type { BulkRunSnapshot, ItemOutcome } from './bulk-run';

interface Item {
  id: number;
}

const itemsUpTo = (count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1 }));

/** A fake server of batches: each request waits until the test answers it. */
function controlledBatches() {
  const waiting: Array<{
    ids: number[];
    answer: (outcomes: readonly ItemOutcome[]) => void;
    fail: (error: Error) => void;
  }> = [];
  const sent: number[][] = [];
  const send = (batch: readonly Item[]) => {
    const ids = batch.map((item) => item.id);
    sent.push(ids);
    return new Promise<readonly ItemOutcome[]>((answer, fail) =>
      waiting.push({ ids, answer, fail }),
    );
  };
  /** Answers the oldest request waiting: each id failing when `fails` says so. */
  const answerNext = async (fails: (id: number) => boolean = () => false) => {
    const request = waiting.shift();
    if (!request) throw new Error('no request is waiting');
    request.answer(
      request.ids.map((id) =>
        fails(id) ? { ok: false, error: new Error(`refused ${id}`) } : { ok: true },
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const failNext = async (error: Error) => {
    waiting.shift()!.fail(error);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { send, sent, waiting, answerNext, failNext };
}

describe('createBatchedBulkRun', () => {
  test('sends requests of up to itemsPerRequest items, at most `concurrency` at once', async () => {
    const server = controlledBatches();
    const run = createBatchedBulkRun(itemsUpTo(23), server.send, {
      concurrency: 2,
      itemsPerRequest: 5,
    });
    const done = run.start();
    expect(server.sent).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7, 8, 9, 10],
    ]);
    expect(run.getSnapshot().inFlight).toBe(10);
    while (server.waiting.length > 0) await server.answerNext();
    expect((await done).succeeded).toBe(23);
    expect(server.sent.map((ids) => ids.length)).toEqual([5, 5, 5, 5, 3]);
  });

  test('counts each item of an answer in one change: done, failed and remaining always add up', async () => {
    const server = controlledBatches();
    const run = createBatchedBulkRun(itemsUpTo(40), server.send, {
      concurrency: 3,
      itemsPerRequest: 7,
    });
    const seen: BulkRunSnapshot<Item>[] = [];
    run.subscribe(() => seen.push(run.getSnapshot()));
    const done = run.start();
    while (server.waiting.length > 0) await server.answerNext((id) => id % 9 === 0);
    const result = await done;

    let lastDone = 0;
    for (const snapshot of seen) {
      expect(snapshot.succeeded + snapshot.failures.length + snapshot.remaining).toBe(40);
      expect(snapshot.succeeded).toBeGreaterThanOrEqual(lastDone);
      lastDone = snapshot.succeeded;
    }
    expect(result).toMatchObject({ succeeded: 36, remaining: 0, inFlight: 0 });
    expect(result.failures.map((failure) => failure.item.id)).toEqual([9, 18, 27, 36]);
  });

  test('an item given no outcome fails, with a reason, and the counts stay exact', async () => {
    const run = createBatchedBulkRun(itemsUpTo(3), async () => [{ ok: true }], {
      concurrency: 1,
      itemsPerRequest: 3,
    });
    const result = await run.start();
    expect(result).toMatchObject({ succeeded: 1, remaining: 0, inFlight: 0 });
    expect(result.failures.map((failure) => failure.item.id)).toEqual([2, 3]);
    expect((result.failures[0]!.error as Error).message).toBe(missingOutcome);
  });

  test('a request that fails as a whole fails each of its items', async () => {
    const server = controlledBatches();
    const run = createBatchedBulkRun(itemsUpTo(6), server.send, {
      concurrency: 2,
      itemsPerRequest: 3,
    });
    const done = run.start();
    await server.failNext(new Error('network down'));
    await server.answerNext();
    const result = await done;
    expect(result.succeeded).toBe(3);
    expect(
      result.failures.map((failure) => [failure.item.id, (failure.error as Error).message]),
    ).toEqual([
      [1, 'network down'],
      [2, 'network down'],
      [3, 'network down'],
    ]);
  });

  test('"too many requests" for a batch sends all its items again and fails none', async () => {
    const tooMany = new Error('429');
    const server = controlledBatches();
    const run = createBatchedBulkRun(itemsUpTo(4), server.send, {
      concurrency: 2,
      itemsPerRequest: 2,
      backOffMs: (error) => (error === tooMany ? 10 : undefined),
    });
    const done = run.start();
    await server.failNext(tooMany);
    expect(run.getSnapshot()).toMatchObject({ succeeded: 0, failures: [], remaining: 4 });
    while (run.getSnapshot().status !== 'finished') {
      if (server.waiting.length > 0) await server.answerNext();
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(await done).toMatchObject({ succeeded: 4, failures: [], remaining: 0 });
    expect(server.sent.flat().filter((id) => id === 1)).toHaveLength(2);
  });

  test('waits for a batch size still on its way, and a cancel meanwhile sends nothing', async () => {
    const server = controlledBatches();
    let knowSize: (size: number) => void = () => {};
    const size = new Promise<number>((resolve) => (knowSize = resolve));
    const run = createBatchedBulkRun(itemsUpTo(5), server.send, {
      concurrency: 2,
      itemsPerRequest: size,
    });
    const done = run.start();
    expect(run.getSnapshot().status).toBe('running');
    run.cancel();
    knowSize(2);
    expect(await done).toMatchObject({ cancelled: true, succeeded: 0, remaining: 5 });
    expect(server.sent).toEqual([]);

    const again = createBatchedBulkRun(itemsUpTo(5), server.send, {
      concurrency: 2,
      itemsPerRequest: Promise.resolve(4),
    });
    const second = again.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.sent).toEqual([[1, 2, 3, 4], [5]]);
    while (server.waiting.length > 0) await server.answerNext();
    expect((await second).succeeded).toBe(5);
  });
});
