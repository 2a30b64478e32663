import { deserialize } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import { afterEach, expect, it, vi } from 'vitest';
import { OffThreadSerializer } from './serialize-off-thread';

afterEach(() => vi.restoreAllMocks());

it('serializes on a thread that ends once it has answered, one thread per request', async () => {
  const ended = vi.spyOn(Worker.prototype, 'terminate');
  const serializer = new OffThreadSerializer();
  const moved = Float64Array.from([1.5, 2.5]);
  const value = { ids: moved, names: ['a', 'b'] };

  const first = await serializer.serialize(value, [moved.buffer]);
  expect(ended).toHaveBeenCalledTimes(1);
  expect(deserialize(first.payload)).toEqual({
    ids: Float64Array.from([1.5, 2.5]),
    names: ['a', 'b'],
  });
  expect(first.crc32).toBe(crc32(first.payload));

  const second = await serializer.serialize({ again: true }, []);
  expect(ended).toHaveBeenCalledTimes(2);
  expect(deserialize(second.payload)).toEqual({ again: true });
  serializer.close();
});
