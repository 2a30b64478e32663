import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalculatedField } from '../../../contract/field';
import { apiPaths } from '../../../contract/paths';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';
import { SALES } from '../../test-support/fixture-instance';
import type { SeenByScan } from '../directory/directory-of-scan';
import { loadFactsTable } from '../findings/load-facts';
import { openTestAudit, recordingReads } from '../test-support/audit-fixture';
import { canonicalField } from './canonical-field';
import { StoreFileSource } from './store-file-source';

let server: TestServer;
let audit: ReturnType<typeof openTestAudit>;
let sources: Array<ReturnType<typeof recordingReads>>;
/** What each scan told the directory its fields point at. */
let seenByScans: SeenByScan[];
let onRead: ((id: number) => void) | undefined;

beforeEach(async () => {
  server = await startTestServer();
  sources = [];
  seenByScans = [];
  onRead = undefined;
  audit = openTestAudit({
    openSource: () => {
      // Recorded, and so read through this thread rather than by the audit's worker.
      const source = recordingReads(new StoreFileSource(server.dataFile), (id) => onRead?.(id));
      sources.push(source);
      return source;
    },
    needsCallerToken: false,
    loadDirectory: async (_token, _signal, seen) => {
      seenByScans.push(seen);
      return undefined;
    },
    keep: 2,
    retention: { keepMs: 0 },
  });
});
afterEach(async () => {
  await audit.close();
  await server.close();
});

/** Field id -> the field as the snapshot of that scan holds it. */
function snapshot(scanId: number): Map<number, CalculatedField> {
  const versions = audit.store.members.versions(scanId);
  const bodies = audit.store.versions.bodies([...versions.values()]);
  return new Map([...versions].map(([id, version]) => [id, JSON.parse(bodies.get(version)!)]));
}

async function everyStoredField(): Promise<Map<number, CalculatedField>> {
  const fields = new Map<number, CalculatedField>();
  for (let id = 1; id <= 14; id += 1) {
    const response = await server.request('GET', apiPaths.template(id));
    fields.set(id, canonicalField(await response.json())!);
  }
  return fields;
}

describe('a scan of the embedded store', () => {
  it('stores every complete field exactly as the API answers it', async () => {
    const scan = await audit.scan();
    expect(scan).toMatchObject({ state: 'complete', phase: 'done', fields: 14 });
    expect(scan.progress).toMatchObject({ listed: 14, toRead: 14, read: 14 });
    expect(snapshot(scan.id)).toEqual(await everyStoredField());
    expect(scan.headline).toMatchObject({ total: 14, locked: 1, archived: 1 });
  });

  it('reads again only the fields that changed since the last scan', async () => {
    const first = await audit.scan();
    for (const id of [3, 11]) {
      await server.request('PUT', apiPaths.template(id), { locked: true });
    }
    const second = await audit.scan();
    expect(sources[1]!.reads.sort((a, b) => a - b)).toEqual([3, 11]);
    expect(second.progress).toMatchObject({ listed: 14, toRead: 2, read: 2 });
    expect(snapshot(second.id)).toEqual(await everyStoredField());
    expect(snapshot(first.id).get(3)!.locked).toBe(false);
    expect(snapshot(second.id).get(3)!.locked).toBe(true);
    // Unchanged fields share their stored version between the two snapshots.
    const before = audit.store.members.versions(first.id);
    const after = audit.store.members.versions(second.id);
    expect(after.get(1)).toBe(before.get(1));
    expect(after.get(3)).not.toBe(before.get(3));
    expect(second.headline?.locked).toBe(3);
  });

  it('lists by id alone the fields the store has not changed since the last complete scan listed it', async () => {
    await audit.scan();
    await server.request('PUT', apiPaths.template(3), { locked: true });
    const withResults: unknown[] = [];
    const listPage = StoreFileSource.prototype.listPage;
    vi.spyOn(StoreFileSource.prototype, 'listPage').mockImplementation(async function (
      this: StoreFileSource,
      offset,
      signal,
    ) {
      const page = await listPage.call(this, offset, signal);
      const unchanged = new Set(page.unchanged);
      withResults.push(...page.items.filter((item) => !unchanged.has((item as { id: number }).id)));
      return page;
    });
    const second = await audit.scan();
    expect(withResults.map((item) => (item as CalculatedField).id)).toEqual([3]);
    expect(sources[1]!.reads).toEqual([3]);
    expect(snapshot(second.id)).toEqual(await everyStoredField());
  });

  it("leaves out of the instance as last seen a field another program deleted from the store's file", async () => {
    await audit.scan();
    const other = new Database(server.dataFile);
    other.pragma('foreign_keys = ON');
    other.prepare('DELETE FROM fields WHERE id = 9').run();
    other.close();
    const second = await audit.scan();
    expect(second).toMatchObject({ fields: 13 });
    expect(audit.store.current.listingDigests().has(9)).toBe(false);
    expect(audit.service.view()!.findings().fields.has(9)).toBe(false);
  });

  it('says whether it found any field changed since the complete scan before it', async () => {
    const first = await audit.scan();
    const same = await audit.scan();
    for (const id of [3, 11]) await server.request('PUT', apiPaths.template(id), { locked: true });
    const changed = await audit.scan();
    const db = new Database(audit.file, { readonly: true });
    const changes = db
      .prepare<[], [number, number | null]>('SELECT id, changes FROM scans')
      .raw()
      .all();
    db.close();
    expect(changes).toEqual([
      [first.id, null],
      [same.id, 0],
      [changed.id, 1],
    ]);
  });

  it('writes to its listing only the fields it has to read, and says how long each phase took', async () => {
    await audit.scan();
    for (const id of [3, 11]) {
      await server.request('PUT', apiPaths.template(id), { locked: true });
    }
    const listingWhileReading: number[][] = [];
    const db = new Database(audit.file, { readonly: true });
    onRead = () =>
      listingWhileReading.push(
        db.prepare<[], number>('SELECT field_id FROM scan_listing ORDER BY field_id').pluck().all(),
      );
    try {
      const second = await audit.scan();
      expect(second.progress).toMatchObject({ listed: 14, toRead: 2, read: 2 });
      expect(listingWhileReading[0]).toEqual([3, 11]);
    } finally {
      db.close();
    }
    expect(audit.service.lastScanPhases()?.map(({ phase }) => phase)).toEqual([
      'listing',
      'recording the listing',
      'reading the changed fields',
      'dropping the listing',
      'looking for changes',
      'loading facts',
      'refreshing the directory',
      'findings',
      'completing',
      'handing over the findings',
      'pruning',
    ]);
  });

  it('makes the findings of each incremental scan from the facts of every field it holds: changed, added, gone and locked', async () => {
    await audit.scan();
    const before = audit.service.view()!.findings().fields.get(4)!;
    const changes = [
      server.request('PUT', apiPaths.template(4), { expression: 'SUM(`Cost`) * 2' }),
      server.request('DELETE', apiPaths.template(9)),
      server.request('POST', apiPaths.templates, {
        name: 'Net Revenue',
        owner: 102,
        expression: 'SUM(`Revenue`) - SUM(`Cost`)',
        links: [{ resource: { type: 'DATA_SOURCE', id: SALES }, visible: true, active: true }],
      }),
    ];
    for (const change of changes) expect((await change).status).toBeLessThan(300);
    const madeAsFromEveryField = async () => {
      const scan = await audit.scan();
      const fromEveryField = loadFactsTable(audit.store, audit.store.members.facts(scan.id));
      const made = audit.service.view()!.findings().fields;
      expect([...made.values()]).toEqual([...fromEveryField.values()]);
      return made;
    };
    const made = await madeAsFromEveryField();
    expect(made.get(4)!.checkSum).not.toBe(before.checkSum);
    expect([made.has(9), made.size]).toEqual([false, 14]);
    await server.request('PUT', apiPaths.template(5), { locked: true });
    expect((await madeAsFromEveryField()).get(5)!.locked).toBe(true);
  });

  it('tells the directory the owners of its fields, the cards they are on and the data sources they are saved on', async () => {
    await audit.scan();
    const fields = [...(await everyStoredField()).values()];
    const links = fields.flatMap((field) => field.links);
    const ids = (type: string, visibleOnly: boolean) =>
      [
        ...new Set(
          links
            .filter((link) => link.resource.type === type && (link.visible || !visibleOnly))
            .map((link) => String(link.resource.id)),
        ),
      ].sort();
    const [seen] = seenByScans;
    expect([...seen!.owners].sort()).toEqual([...new Set(fields.map((f) => f.owner))].sort());
    expect([...seen!.places.cards].sort()).toEqual(ids('CARD', false));
    expect([...seen!.places.dataSources].sort()).toEqual(ids('DATA_SOURCE', true));
    expect(seen!.places.cards.length).toBeGreaterThan(0);
    expect(seen!.places.dataSources.length).toBeGreaterThan(0);
  });

  it('keeps the first scan, the newest it is told to and the scan before each, and the versions only other scans used go', async () => {
    const lockedScan = async (id: number, locked: boolean) => {
      await server.request('PUT', apiPaths.template(id), { locked });
      return audit.scan();
    };
    const first = await audit.scan();
    const second = await lockedScan(5, true);
    const secondVersionOf5 = audit.store.members.versions(second.id).get(5)!;
    const secondVersionOf1 = audit.store.members.versions(second.id).get(1)!;
    const third = await lockedScan(5, false);
    const fourth = await lockedScan(7, true);
    const fifth = await lockedScan(7, false);
    // keep 2 (fifth, fourth), the third for the fourth's diff, and the first.
    expect(audit.store.scans.page(0, 100).scans.map((scan) => scan.id)).toEqual([
      fifth.id,
      fourth.id,
      third.id,
      first.id,
    ]);
    expect(audit.store.scans.get(second.id)).toBeUndefined();
    // Unlocking moved lastModified, so field 5's locked state was used by the second scan only.
    expect(audit.store.versions.bodies([secondVersionOf5]).size).toBe(0);
    expect(audit.store.versions.bodies([secondVersionOf1]).size).toBe(1);
    expect(snapshot(fifth.id).get(5)!.locked).toBe(false);
  });

  it('a cancelled scan leaves the instance as last seen untouched', async () => {
    const first = await audit.scan();
    await server.request('PUT', apiPaths.template(3), { locked: true });
    const running = audit.service.startScan(undefined);
    expect(await audit.service.cancelScan(running.id)).toMatchObject({ state: 'cancelled' });
    expect(audit.store.scans.get(running.id)).toMatchObject({ state: 'cancelled', phase: 'done' });
    expect(audit.service.latestScan()?.id).toBe(first.id);
    expect(audit.service.view()?.findings().headline.locked).toBe(1);
  });

  it('a lock while a scan runs reaches its snapshot without describing the scan, which counts its members', async () => {
    await audit.scan();
    const answer = await server.request('PUT', apiPaths.template(3), { locked: true });
    const locked: unknown = await answer.json();
    const running = audit.service.startScan(undefined);
    const describeScan = vi.spyOn(audit.store.scans, 'get');
    audit.service.fieldChanged(locked);
    // Every lock did, and at 100,000 fields that count was most of a lock's time.
    expect(describeScan).not.toHaveBeenCalled();
    describeScan.mockRestore();
    await audit.service.scansSettled();
    expect(snapshot(running.id).get(3)!.locked).toBe(true);
  });

  it('asking for a scan while one runs answers the running one', async () => {
    const first = audit.service.startScan(undefined);
    const again = audit.service.startScan(undefined);
    expect(again.id).toBe(first.id);
    await audit.service.scansSettled();
  });
});
