import { expect, it } from 'vitest';
import { sharedInstead, sharedOneByOne } from './shared-instead';

it('puts the bytes on a shared buffer and empties the one they were in', () => {
  const ids = Float64Array.of(3, 5.5, -8);

  const shared = sharedInstead(ids.buffer);

  expect(shared).toBeInstanceOf(SharedArrayBuffer);
  expect([...new Float64Array(shared)]).toEqual([3, 5.5, -8]);
  // Emptied (detached): its memory is not held until the collector runs.
  expect(ids.buffer.byteLength).toBe(0);
  expect(ids.length).toBe(0);
});

it('takes each buffer out of the list before it is made shared', () => {
  const buffers = [Uint8Array.of(1, 2).buffer, Uint8Array.of(3).buffer];
  const made: number[][] = [];
  const leftInTheList: number[] = [];

  for (const shared of sharedOneByOne(buffers)) {
    made.push([...new Uint8Array(shared)]);
    leftInTheList.push(buffers.length);
  }

  expect(made).toEqual([[1, 2], [3]]);
  expect(leftInTheList).toEqual([1, 0]);
  expect(buffers).toEqual([]);
});
