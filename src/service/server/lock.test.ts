import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalculatedField } from '../../contract/field';
import { apiPaths } from '../../contract/paths';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

let server: TestServer;
let clock = Date.UTC(2026, 5, 1);
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
});
afterAll(() => server.close());

async function getField(id: number): Promise<CalculatedField> {
  const response = await server.request('GET', apiPaths.template(id));
  expect(response.status).toBe(200);
  return (await response.json()) as CalculatedField;
}

async function lock(id: number | string, body: unknown): Promise<Response> {
  return server.request('PUT', apiPaths.template(id), body);
}

describe('lock and unlock', () => {
  it('locks a field, answers the complete field and persists across a restart', async () => {
    const before = await getField(1);
    expect(before.locked).toBe(false);
    clock += 1000;
    const response = await lock(1, { locked: true });
    expect(response.status).toBe(200);
    const locked = (await response.json()) as CalculatedField;
    expect(locked).toEqual({ ...before, locked: true, lastModified: clock });

    await server.restart();
    expect(await getField(1)).toEqual(locked);
  });

  it('is idempotent: the same value again changes nothing, not even lastModified', async () => {
    const before = await getField(2);
    expect(before.locked).toBe(true);
    clock += 1000;
    const response = await lock(2, { locked: true });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(before);
  });

  it('unlocks a locked field and moves lastModified to the time of the change', async () => {
    clock += 5000;
    const response = await lock(2, { locked: false });
    const unlocked = (await response.json()) as CalculatedField;
    expect(unlocked.locked).toBe(false);
    expect(unlocked.lastModified).toBe(clock);
    expect((await getField(2)).locked).toBe(false);
  });

  it('is seen by search', async () => {
    await lock(3, { locked: true });
    const response = await server.request('POST', apiPaths.search, {
      filters: [{ field: 'locked' }],
      sort: { field: 'id', ascending: true },
      limit: 100,
    });
    const ids = ((await response.json()) as { results: Array<{ id: number }> }).results.map(
      (r) => r.id,
    );
    expect(ids).toContain(3);
  });
});

describe('lock refuses bad requests and changes nothing', () => {
  const cases: Array<[string, string | number, unknown, number, RegExp]> = [
    ['a missing locked', 4, {}, 400, /locked is required/],
    [
      'locked not a boolean',
      4,
      { locked: 'yes' },
      400,
      /locked must be true or false \(got "yes"\)/,
    ],
    [
      'another property',
      4,
      { locked: true, name: 'x' },
      400,
      /lock or unlock with a body of \{"locked": true\} or \{"locked": false\} alone/,
    ],
    ['a body that is not an object', 4, [true], 400, /JSON object/],
    [
      'an id that is not a number',
      'abc',
      { locked: true },
      400,
      /id must be a positive integer \(got "abc"\)/,
    ],
    ['id 0', 0, { locked: true }, 400, /positive integer/],
    ['a negative id', -4, { locked: true }, 400, /positive integer/],
    ['a fractional id', '4.5', { locked: true }, 400, /positive integer/],
    ['an unknown id', 99999, { locked: true }, 404, /no calculated field has the id 99999/],
  ];
  it.each(cases)('%s', async (_label, id, body, status, message) => {
    const before = await getField(4);
    clock += 1000;
    const response = await lock(id, body);
    expect(response.status).toBe(status);
    const error = await response.json();
    expect(error.status).toBe(status);
    expect(error.message).toMatch(message);
    expect(await getField(4)).toEqual(before);
  });

  it('GET of an unknown id is 404', async () => {
    const response = await server.request('GET', apiPaths.template(424242));
    expect(response.status).toBe(404);
    expect((await response.json()).message).toBe('no calculated field has the id 424242');
  });
});
