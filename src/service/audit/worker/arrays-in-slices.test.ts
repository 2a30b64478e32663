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
