import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CalculatedField } from '../../../contract/field';
import { apiPaths } from '../../../contract/paths';
import { generateDemoInstance } from '../../demo/generate-demo-instance';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { listingDigest, UNCHANGED_LISTING } from './canonical-field';
import { listEveryField } from './list-every-field';
import { StoreFileSource } from './store-file-source';

const fieldCount = 2500;
let server: TestServer;
let source: StoreFileSource;

beforeEach(async () => {
  server = await startTestServer({
    instance: generateDemoInstance({ fields: fieldCount, seed: 5 }),
  });
  source = new StoreFileSource(server.dataFile);
});
afterEach(async () => {
  source.close();
  await server.close();
});

/** Every field's search result as the server's own search answers it, by id. */
function searchedById(): Map<number, unknown> {
  const page = server.stores.fields.search({
    filters: [],
    sort: { field: 'id', ascending: true },
    limit: fieldCount,
    offset: 0,
  });
  return new Map(
    page.results.map((json) => {
      const item = JSON.parse(json) as { id: number };
      return [item.id, item];
    }),
  );
}

describe("the store's file as a scan reads it", () => {
  it("lists every field with the digest of the server's own search result", async () => {
    const listing = await listEveryField(source, new AbortController().signal, () => {});
    const searched = searchedById();
    expect(listing.totalHits).toBe(fieldCount);
    expect(listing.fields.map(({ id }) => id)).toEqual([...searched.keys()]);
    for (const { id, listingDigest: digest } of listing.fields)
      expect(digest).toBe(listingDigest(searched.get(id)));
    // A position the last page does not reach is found by counting.
    const elsewhere = await source.listPage(1500, new AbortController().signal);
    expect(elsewhere.items.map((item) => (item as { id: number }).id)).toEqual(
      [...searched.keys()].slice(1500, 2500),
    );
  });

  // Pages by position would skip as many fields as went before the page boundary.
  it('lists each field still there once when fields go between its pages', async () => {
    const listPage = source.listPage.bind(source);
    const gone = [3, 10, 700, 999];
    source.listPage = async (offset, signal) => {
      const page = await listPage(offset, signal);
      if (offset === 0)
        for (const id of gone) expect(server.stores.fields.deleteField(id).kind).toBe('written');
      return page;
    };
    const listing = await listEveryField(source, new AbortController().signal, () => {});
    const listed = listing.fields.map(({ id }) => id);
    expect(new Set(listed).size).toBe(listed.length);
    // Those that went were listed before they went.
    expect(listed).toEqual(Array.from({ length: fieldCount }, (_, index) => index + 1));
  });

  it('reads a field as it is when read, changed since it was listed or gone', async () => {
    const signal = new AbortController().signal;
    const listed = (await source.listPage(0, signal)).items as CalculatedField[];
    const [changed, gone] = listed.filter((field) => !field.locked);
    server.stores.fields.setLocked(changed!.id, true, Date.now());
    expect(server.stores.fields.deleteField(gone!.id).kind).toBe('written');
    const [readChanged, readGone] = await Promise.all([
      source.readField(changed!.id, signal),
      source.readField(gone!.id, signal),
    ]);
    expect(readChanged).toEqual(server.stores.fields.getField(changed!.id));
    expect((readChanged as CalculatedField).locked).toBe(true);
    expect(listingDigest(readChanged)).not.toBe(listingDigest(changed));
    expect(readGone).toBeUndefined();
  });

  it('lists only the fields changed since a mark of this store with their search results, the others by id', async () => {
    const signal = new AbortController().signal;
    const mark = await source.startListing(undefined);
    expect(mark).toBeDefined();
    await server.request('PUT', apiPaths.template(7), { locked: true });
    server.stores.fields.deleteField(9);

    expect(await source.startListing(mark)).not.toBe(mark);
    const listing = await listEveryField(source, signal, () => {});
    const searched = searchedById();
    expect(listing.fields.map(({ id }) => id)).toEqual([...searched.keys()]);
    const changed = listing.fields.filter(
      ({ listingDigest: digest }) => digest !== UNCHANGED_LISTING,
    );
    expect(changed).toEqual([{ id: 7, listingDigest: listingDigest(searched.get(7)) }]);
    const page = await source.listPage(0, signal);
    const firstPage = [...searched.keys()].slice(0, 1000);
    expect(page.items.map((item) => (item as { id: number }).id)).toEqual(firstPage);
    expect(page.items[0]).toEqual({ id: 1 });
    expect(page.unchanged).toEqual(firstPage.filter((id) => id !== 7));
  });

  it('lists every field in full after a mark of another store, or of a revision it has not reached', async () => {
    const mark = (await source.startListing(undefined))!;
    const revision = Number(mark.slice(mark.lastIndexOf('@') + 1));
    for (const since of [
      undefined,
      `elsewhere${mark.slice(mark.indexOf(':'))}`,
      `${mark.slice(0, mark.lastIndexOf('@'))}@${revision + 1}`,
    ]) {
      await source.startListing(since);
      const listing = await listEveryField(source, new AbortController().signal, () => {});
      expect(
        listing.fields.filter(({ listingDigest: digest }) => digest === UNCHANGED_LISTING),
      ).toEqual([]);
    }
  });
});
