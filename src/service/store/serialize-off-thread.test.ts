import { deserialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import { afterEach, expect, it, vi } from 'vitest';
import { OffThreadSerializer } from './serialize-off-thread';

afterEach(() => vi.restoreAllMocks());

it('serializes on a thread that ends once it has answered, one thread per request', async () => {
  // Other tests' threads in this process may end meanwhile: only the threads sent
  // these values count.
  const posted = vi.spyOn(Worker.prototype, 'postMessage');
  const ended = vi.spyOn(Worker.prototype, 'terminate');
  const threadSent = (value: unknown) =>
    posted.mock.contexts[posted.mock.calls.findIndex(([message]) => message === value)];
  const serializer = new OffThreadSerializer();
  const moved = Float64Array.from([1.5, 2.5]);
  const value = { ids: moved, names: ['a', 'b'] };

  const first = await serializer.serialize(value, [moved.buffer]);
  expect(ended.mock.contexts).toContain(threadSent(value));
  expect(deserialize(first.payload)).toEqual({
    ids: Float64Array.from([1.5, 2.5]),
    names: ['a', 'b'],
  });
  expect(first.crc32).toBe(crc32(first.payload));

  const again = { again: true };
  const second = await serializer.serialize(again, []);
  expect(threadSent(again)).not.toBe(threadSent(value));
  expect(ended.mock.contexts).toContain(threadSent(again));
  expect(deserialize(second.payload)).toEqual({ again: true });
  serializer.close();
});
