import { expect, it } from 'vitest';
import { buffersAhead, buffersBack } from './buffers-ahead';

it('takes out every typed array with a buffer of its own, and puts each back as it was', () => {
  const shared = new Float64Array([1, 2, 3, 4]);
  const value = {
    ids: Float64Array.of(3, 5, 8),
    lists: new Map([[7, { data: Int32Array.of(-1, 2) }]]),
    names: [Buffer.from(new Uint8Array([104, 105]).buffer), 'a text'],
    part: shared.subarray(1, 3),
    count: 2,
  };
  const { rest, buffers } = buffersAhead(value);

  expect(buffers).toHaveLength(3);
  // Each buffer crosses in a message of its own, the rest in another.
  const arrived = buffers.map((buffer) => structuredClone(buffer, { transfer: [buffer] }));
  expect(value.ids.length).toBe(0);
  expect(buffersBack(structuredClone(rest), arrived)).toEqual({
    ids: Float64Array.of(3, 5, 8),
    lists: new Map([[7, { data: Int32Array.of(-1, 2) }]]),
    names: [new Uint8Array([104, 105]), 'a text'],
    part: Float64Array.of(2, 3),
    count: 2,
  });
});
