import { expect, it } from 'vitest';
import { finished } from '../../store/in-turns';
import { arraysInSlices, arraysWhole } from './arrays-in-slices';
import { buffersToMove } from './buffers-to-move';

it('gives back arrays and maps longer than a slice as they were, and any other value whole', () => {
  const value = {
    names: ['a', 'é', '名前', '😀', ...Array.from({ length: 7 }, (_, at) => `field ${at}`)],
    owners: new Map(Array.from({ length: 10 }, (_, at) => [at, { name: `owner ${at}` }])),
    short: [1, 2],
    groups: [{ key: 'x', ids: [3, 4, 5, 6, 7] }],
    ids: Float64Array.of(1, 2, 3),
    seen: new Set([1, 2]),
    at: new Date(0),
    gone: undefined,
  };
  const expected = structuredClone(value);

  const sent = arraysInSlices(value, 3);
  const arrived = structuredClone(sent, { transfer: buffersToMove(sent) });

  expect(finished(arraysWhole(arrived))).toEqual(expected);
});

it('cuts a slice of large entries down to about 64 kB, so each is read back in a short turn', () => {
  const groups = Array.from({ length: 40 }, (_, at) => ({
    key: `group ${at}`,
    ids: Array.from({ length: 2_000 }, (_, id) => at * 1_000_000 + id * 7_919),
  }));
  const expected = structuredClone(groups);

  const sent = arraysInSlices({ groups }, 10);
  const slices = buffersToMove(sent);

  expect(slices.length).toBeGreaterThan(1);
  for (const slice of slices) expect(slice.byteLength).toBeLessThanOrEqual(64 * 1024);
  const arrived = structuredClone(sent, { transfer: slices });
  expect(finished(arraysWhole(arrived))).toEqual({ groups: expected });
});
