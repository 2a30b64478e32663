import { expect, it } from 'vitest';
import { buffersToMove } from './buffers-to-move';

it('moves each typed array that has a buffer of its own once, and copies one that shares its buffer', () => {
  const own = Int32Array.of(1, 2, 3);
  const whole = new Float64Array(8);
  const part = whole.subarray(2, 4);
  const pooled = Buffer.from('a text short enough for the pool');
  const value = { own, again: [own], byKey: new Map([['k', { part }]]), pooled };

  const moved = buffersToMove(value);
  expect(moved).toEqual([own.buffer]);
  const arrived = structuredClone(value, { transfer: moved });
  expect(own.length).toBe(0);
  expect([...arrived.own]).toEqual([1, 2, 3]);
  expect(arrived.again[0]).toBe(arrived.own);
  expect(whole.length).toBe(8);
  expect(pooled.toString()).toBe('a text short enough for the pool');
});
