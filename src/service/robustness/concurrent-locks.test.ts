// Many clients lock and unlock many fields at once: each field ends in the state
// its last acknowledged write asked for, as GET and search both tell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../contract/search';
import { apiPaths } from '../../contract/paths';
import { fixtureInstance } from '../test-support/fixture-instance';
import type { TestServer } from '../test-support/test-server';
import { startTestServer } from '../test-support/test-server';

const fieldCount = 80;
const writesPerField = 6;

/** The fixture's data sources and owners with many simple fields on them. */
function manyFields() {
  const [source] = fixtureInstance.dataSources;
  return {
    ...fixtureInstance,
    cards: [],
    fields: Array.from({ length: fieldCount }, (_, index) => ({
      id: index + 1,
      name: `Field ${index + 1}`,
      owner: fixtureInstance.owners[0]!.id,
      expression: `\`${source!.columns[0]}\` * ${index}`,
      links: [{ type: 'DATA_SOURCE' as const, id: source!.id, visible: true, active: false }],
    })),
  };
}

/** A fixed pseudo-random sequence, so a failure can be replayed. */
function seededBooleans(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % 2 === 0;
  };
}

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ instance: manyFields() });
});
afterAll(() => server.close());

async function searchLockedIds(): Promise<number[]> {
  const response = await server.request('POST', apiPaths.search, {
    filters: [{ field: 'locked' }],
    sort: { field: 'id', ascending: true },
    limit: 5000,
  });
  return ((await response.json()) as SearchResponse).results.map((item) => item.id);
}

// Hundreds of writes, each committed to disk: a busy machine needs more than the default time.
describe('concurrent lock and unlock', { timeout: 120_000 }, () => {
  it('ends each field in the state of its last acknowledged write', async () => {
    const nextBoolean = seededBooleans(7);
    const plans = Array.from({ length: fieldCount }, (_, index) => ({
      id: index + 1,
      writes: Array.from({ length: writesPerField }, nextBoolean),
    }));
    const lastAcknowledged = new Map<number, boolean>();

    // Each field's writes follow one another; all fields are written at once.
    await Promise.all(
      plans.map(async ({ id, writes }) => {
        for (const locked of writes) {
          const response = await server.request('PUT', apiPaths.template(id), { locked });
          expect(response.status).toBe(200);
          expect((await response.json()).locked).toBe(locked);
          lastAcknowledged.set(id, locked);
        }
      }),
    );

    const expectedLocked = plans
      .filter(({ id }) => lastAcknowledged.get(id) === true)
      .map(({ id }) => id);
    expect(expectedLocked.length).toBeGreaterThan(0);
    expect(expectedLocked.length).toBeLessThan(fieldCount);
    expect(await searchLockedIds()).toEqual(expectedLocked);
    for (const { id } of plans) {
      const field = await (await server.request('GET', apiPaths.template(id))).json();
      expect(field.locked, `field ${id}`).toBe(lastAcknowledged.get(id));
    }
  });

  it('answers one field written by many clients at once with a consistent state', async () => {
    const id = 1;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        server
          .request('PUT', apiPaths.template(id), { locked: index % 2 === 0 })
          .then((response) => response.json()),
      ),
    );
    // The last write the server applied moved lastModified furthest; ties keep either.
    const latest = Math.max(...answers.map((answer) => answer.lastModified));
    const final = await (await server.request('GET', apiPaths.template(id))).json();
    expect(final.lastModified).toBe(latest);
    expect(answers.some((answer) => answer.locked === final.locked)).toBe(true);
    expect((await searchLockedIds()).includes(id)).toBe(final.locked);
  });
});
