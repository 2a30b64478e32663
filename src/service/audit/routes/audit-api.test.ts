import { afterEach, describe, expect, it } from 'vitest';
import type { AuditStatus, FindingsAnswer, Scan } from '../../../contract/audit';
import { AUDIT_BASE } from '../../../contract/audit';
import { NO_SCAN_YET } from '../../../contract/no-scan-yet';
import { apiPaths, TOKEN_HEADER } from '../../../contract/paths';
import { workflowPaths } from '../../../contract/workflows';
import type { SearchResultItem } from '../../../contract/field';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../../test-support/test-server';
import { findingsInstance } from '../test-support/findings-instance';
import { fixtureInstance, SALES, SALES_CARD } from '../../test-support/fixture-instance';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

async function auditedServer(): Promise<TestServer> {
  const server = await startTestServer({ instance: findingsInstance, withAudit: true });
  servers.push(server);
  return server;
}

async function json<T>(response: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await response;
  const body = await answer.text();
  expect(answer.status, body).toBe(status);
  return JSON.parse(body) as T;
}

/** Starts a scan over the API and waits for it to end. */
async function scanOver(server: TestServer): Promise<Scan> {
  const { scan } = await json<{ scan: Scan }>(server.request('POST', `${AUDIT_BASE}/scans`), 202);
  await server.audit!.service.scansSettled();
  return (await json<{ scan: Scan }>(server.request('GET', `${AUDIT_BASE}/scans/${scan.id}`))).scan;
}

const fieldsOf = (server: TestServer, key: string, body: Record<string, unknown> = {}) =>
  json<{
    totalHits: number;
    results: SearchResultItem[];
    hasMore: boolean;
    notes: Record<string, string>;
  }>(
    server.request('POST', `${AUDIT_BASE}/findings/${key}/fields`, {
      filters: [],
      sort: { field: 'id', ascending: true },
      limit: 50,
      ...body,
    }),
  );

describe('the audit API', () => {
  it('answers only a token the instance accepts, however the path is spelled', async () => {
    const server = await auditedServer();
    for (const path of [
      `${AUDIT_BASE}/status`,
      '/api/%61udit/v1/status',
      `${AUDIT_BASE}/nothing-here`,
    ]) {
      const missing = await server.request('GET', path, undefined, { [TOKEN_HEADER]: '' });
      expect(missing.status).toBe(401);
      const wrong = await server.request('GET', path, undefined, {
        [TOKEN_HEADER]: 'wrong-token-123',
      });
      expect(wrong.status).toBe(401);
    }
    expect((await server.request('GET', `${AUDIT_BASE}/nothing-here`)).status).toBe(404);
    expect((await server.request('DELETE', `${AUDIT_BASE}/status`)).status).toBe(405);
  });

  it('before the first scan, says so; a scan then gives findings with their rules', async () => {
    const server = await auditedServer();
    const before = await json<AuditStatus>(server.request('GET', `${AUDIT_BASE}/status`));
    expect(before).toMatchObject({ mode: 'embedded', scanCount: 0, keep: 30 });
    expect(before.latestScan).toBeUndefined();
    const missing = await json<{ message: string }>(
      server.request('GET', `${AUDIT_BASE}/findings`),
      404,
    );
    expect(missing.message).toBe(NO_SCAN_YET);
    // A fix's preview says it in the same words: an admin's, with no API path in them.
    const noPreview = await json<{ message: string }>(
      server.request('POST', workflowPaths.cleanup, { action: 'archive', recentDays: 30 }),
      404,
    );
    expect(noPreview.message).toBe(NO_SCAN_YET);
    expect(NO_SCAN_YET).toMatch(/^no scan yet: /);
    expect(NO_SCAN_YET).not.toContain('/api/');

    const scan = await scanOver(server);
    expect(scan).toMatchObject({ state: 'complete', fields: 18 });
    const findings = await json<FindingsAnswer>(server.request('GET', `${AUDIT_BASE}/findings`));
    expect(findings.scanId).toBe(scan.id);
    expect(findings.headline).toMatchObject({ total: 18, unused: 9, invalid: 3 });
    const unused = findings.findings.find((finding) => finding.key === 'unused')!;
    expect(unused).toMatchObject({
      title: 'Unused',
      rule: 'Not archived, no active card link, and no other calculated field references it.',
      count: 9,
    });
    const broken = findings.findings.find((finding) => finding.key === 'broken-references')!;
    expect(broken.groups[0]).toMatchObject({
      label: '`Profit` missing from data source Sales Orders',
      count: 2,
    });
    expect(findings.owners.rows.map((row) => row.name)).toContain('Grace Hopper');
    const status = await json<AuditStatus>(server.request('GET', `${AUDIT_BASE}/status`));
    expect(status.latestScan?.id).toBe(scan.id);
    expect(status.diskBytes).toBeGreaterThan(0);
  });

  it('counts the archived fields nothing uses apart from Unused, whose number keeps its meaning', async () => {
    const server = await auditedServer();
    await scanOver(server);
    const before = await json<FindingsAnswer>(server.request('GET', `${AUDIT_BASE}/findings`));
    // 9 and 18 are archived but used (an active card, a field that nests it).
    expect(before).toMatchObject({ archivedUnused: 0, headline: { unused: 9 } });
    await server.request('PUT', apiPaths.template(14), { archived: true });
    const after = await json<FindingsAnswer>(server.request('GET', `${AUDIT_BASE}/findings`));
    expect(after).toMatchObject({ archivedUnused: 1, headline: { unused: 8 } });
  });

  it("a finding's count drills into exactly its fields, paged like search and narrowed by the search's filters", async () => {
    const server = await auditedServer();
    await scanOver(server);
    const all = await fieldsOf(server, 'unused');
    expect(all.totalHits).toBe(9);
    expect(all.results.map((field) => field.id)).toEqual([7, 10, 11, 12, 13, 14, 15, 16, 17]);
    expect(all.results[0]).toMatchObject({
      id: 7,
      name: 'Uses Broken',
      legacyId: expect.any(String),
    });

    const seen: number[] = [];
    for (let offset = 0; ; offset += 3) {
      const page = await fieldsOf(server, 'unused', {
        sort: { field: 'name', ascending: false },
        limit: 3,
        offset,
      });
      seen.push(...page.results.map((field) => field.id));
      if (!page.hasMore) break;
    }
    expect(seen.sort((a, b) => a - b)).toEqual([7, 10, 11, 12, 13, 14, 15, 16, 17]);

    const owned = await fieldsOf(server, 'unused', {
      filters: [{ field: 'owner', idList: [102] }],
    });
    expect(owned.results.map((field) => field.id)).toEqual([7]);
    const lint = await fieldsOf(server, 'lint', { group: 'null-comparison' });
    expect(lint.results.map((field) => field.id)).toEqual([16]);
    const named = await fieldsOf(server, 'unused', { name: 'dup' });
    expect(named.results.map((field) => field.id)).toEqual([10, 11]);

    const invalid = await fieldsOf(server, 'invalid');
    expect(invalid.notes['6']).toBe("missing ')' to close the '(' at position 3");
    const group = await fieldsOf(server, 'broken-references', {
      group: `DATA_SOURCE ${findingsInstance.dataSources[0]!.id}\nProfit`,
    });
    expect(group.results.map((field) => field.id)).toEqual([8, 9]);
    const unknown = await server.request('POST', `${AUDIT_BASE}/findings/invalid/fields`, {
      filters: [],
      sort: { field: 'id', ascending: true },
      limit: 5,
      group: 'no such group',
    });
    expect(unknown.status).toBe(404);
    const badKey = await json<{ message: string }>(
      server.request('GET', `${AUDIT_BASE}/findings/unusd/groups`),
      400,
    );
    expect(badKey.message).toContain('the findings are invalid, broken-references, unused');
  });

  // The audit page shows these counts, and each opens the table on its drill-down:
  // the e2e audit journey clicks one finding and one group in Chromium.
  it('every finding and every group it lists counts exactly the fields its drill-down finds', async () => {
    const server = await auditedServer();
    await scanOver(server);
    const { findings } = await json<FindingsAnswer>(
      server.request('GET', `${AUDIT_BASE}/findings`),
    );
    const counted = findings.filter((finding) => finding.count > 0);
    expect(counted.length).toBeGreaterThan(3);
    for (const finding of findings) {
      expect((await fieldsOf(server, finding.key)).totalHits, finding.key).toBe(finding.count);
      for (const group of finding.groups) {
        const drilled = await fieldsOf(server, finding.key, { group: group.key });
        expect(drilled.totalHits, `${finding.key}: ${group.label}`).toBe(group.count);
      }
    }
    expect(findings.some((finding) => finding.groups.length > 0)).toBe(true);
  });

  it("counts by owner and by data source each finding the tables show, an inactive owner's fields as its drill-down finds them", async () => {
    const onSales = { type: 'DATA_SOURCE' as const, id: SALES, visible: true, active: true };
    const onCard = { type: 'CARD' as const, id: SALES_CARD, visible: true, active: true };
    const links = [onSales, onCard];
    const server = await startTestServer({
      instance: {
        ...fixtureInstance,
        fields: [
          { id: 1, name: 'Revenue', owner: 101, expression: 'SUM(`Revenue`)', links },
          // Nests field 1, and nothing else: no problem, so no row for its owner.
          { id: 2, name: 'Twice', owner: 102, expression: 'SERVICE_BEAST_MODE(1) * 2', links },
          // Its owner is inactive, and it has no other finding.
          { id: 3, name: 'Costs', owner: 103, expression: 'SUM(`Cost`)', links },
        ].map((field) => ({ ...field, created: 1, lastModified: 2 })),
      },
      withAudit: true,
    });
    servers.push(server);
    await scanOver(server);
    const { owners, dataSources } = await json<FindingsAnswer>(
      server.request('GET', `${AUDIT_BASE}/findings`),
    );

    expect(owners.rows).toEqual([
      expect.objectContaining({ id: '103', name: 'Linus Torvalds', fields: 1 }),
    ]);
    expect(owners.rows[0]!.counts).toMatchObject({ 'inactive-owners': 1, nested: 0 });
    expect(owners.total).toBe(1);
    expect(dataSources.rows).toEqual([expect.objectContaining({ id: SALES, fields: 3 })]);
    expect(dataSources.rows[0]!.counts).toMatchObject({ 'inactive-owners': 1, nested: 1 });

    const ofOwner = await fieldsOf(server, 'inactive-owners', {
      filters: [{ field: 'owner', idList: [103] }],
    });
    const onDataSource = await fieldsOf(server, 'inactive-owners', {
      filters: [{ field: 'dataset', idList: [SALES] }],
    });
    expect([ofOwner, onDataSource].map((page) => page.results.map((field) => field.id))).toEqual([
      [3],
      [3],
    ]);
  });

  it('a lock through the API shows in the findings at once, without a new scan', async () => {
    const server = await auditedServer();
    await scanOver(server);
    const before = await json<AuditStatus>(server.request('GET', `${AUDIT_BASE}/status`));
    await json(server.request('PUT', apiPaths.template(10), { locked: true }));
    const after = await json<AuditStatus>(server.request('GET', `${AUDIT_BASE}/status`));
    expect(after.version).not.toBe(before.version);
    expect(after.changesSinceScan).toBe(1);
    const findings = await json<FindingsAnswer>(server.request('GET', `${AUDIT_BASE}/findings`));
    expect(findings.headline.locked).toBe(2);
    const unused = await fieldsOf(server, 'unused', { filters: [{ field: 'locked' }] });
    expect(unused.results.map((field) => [field.id, field.locked])).toEqual([[10, true]]);
  });

  it('compares two scans: counts, changes with both states, and exports as CSV and JSON', async () => {
    const server = await auditedServer();
    const first = await scanOver(server);
    await json(server.request('PUT', apiPaths.template(12), { locked: true }));
    const second = await scanOver(server);
    const diff = await json<{ counts: Record<string, number> }>(
      server.request('GET', `${AUDIT_BASE}/diff?from=${first.id}&to=${second.id}`),
    );
    expect(diff.counts).toMatchObject({
      changed: 1,
      locked: 1,
      added: 0,
      removed: 0,
      expression: 0,
    });
    const changes = await json<{ totalHits: number; changes: Array<Record<string, unknown>> }>(
      server.request('POST', `${AUDIT_BASE}/diff/changes`, {
        from: first.id,
        to: second.id,
        kind: 'locked',
        limit: 10,
      }),
    );
    expect(changes.changes).toEqual([
      {
        id: 12,
        name: 'Near One',
        kinds: ['locked'],
        before: expect.objectContaining({ locked: false, expression: 'sum( `Amount` ) -- total' }),
        after: expect.objectContaining({ locked: true }),
      },
    ]);
    const csv = await server.request(
      'GET',
      `${AUDIT_BASE}/diff/export?from=${first.id}&to=${second.id}&format=csv`,
    );
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="audit-diff-${first.id}-${second.id}.csv"`,
    );
    const bytes = Buffer.from(await csv.arrayBuffer());
    // The byte order mark that makes Excel read UTF-8, as in every CSV export.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      'ID,Name,Changes,Name before,Name after,Owner before,Owner ID before,Owner after,Owner ID after,Status before,Status after,Locked before,Locked after,Expression before,Expression after,Changed by',
    );
    // Owners named beside their ids, as the fields' export and the page's diff name them.
    expect(lines[1]).toBe(
      '12,Near One,locked,Near One,Near One,Linus Torvalds,103,Linus Torvalds,103,VALID,VALID,false,true,sum( `Amount` ) -- total,sum( `Amount` ) -- total,',
    );
    const exported = await json<{ changes: unknown[]; counts: unknown }>(
      server.request(
        'GET',
        `${AUDIT_BASE}/diff/export?from=${first.id}&to=${second.id}&format=json`,
      ),
    );
    expect(exported.changes).toEqual(changes.changes);
    const trend = await json<{ points: Array<{ scanId: number; headline: { locked: number } }> }>(
      server.request('GET', `${AUDIT_BASE}/trend`),
    );
    expect(trend.points.map((point) => [point.scanId, point.headline.locked])).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);
    const missing = await server.request('GET', `${AUDIT_BASE}/diff?from=${first.id}&to=999`);
    expect(missing.status).toBe(404);
  });

  it('reports a scan as server-sent events, from its state now to its end', async () => {
    const server = await auditedServer();
    const controller = new AbortController();
    const response = await fetch(`${server.url}${AUDIT_BASE}/scans/events`, {
      headers: { [TOKEN_HEADER]: TEST_TOKEN },
      signal: controller.signal,
    });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const reader = response.body!.getReader();
    const events: Array<Scan | null> = [];
    let text = '';
    const readUntil = async (done: (scan: Scan | null) => boolean) => {
      for (;;) {
        const blocks = text.split('\n\n');
        text = blocks.pop()!;
        for (const block of blocks) {
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data === undefined) continue;
          const scan = JSON.parse(data) as Scan | null;
          events.push(scan);
          if (done(scan)) return;
        }
        const { value } = await reader.read();
        text += new TextDecoder().decode(value);
      }
    };
    await readUntil(() => true);
    expect(events).toEqual([null]);
    await server.request('POST', `${AUDIT_BASE}/scans`);
    await readUntil((scan) => scan?.state === 'complete');
    controller.abort();
    expect(events.at(-1)).toMatchObject({ state: 'complete', fields: 18 });
    expect(events.some((scan) => scan?.state === 'running')).toBe(true);
  });

  it('limits the scans one token starts: a 429 with Retry-After in the error shape, and no scan', async () => {
    const server = await auditedServer();
    for (let started = 0; started < 6; started++) await scanOver(server);
    const kept = await json<{ totalHits: number }>(server.request('GET', `${AUDIT_BASE}/scans`));

    const refused = await server.request('POST', `${AUDIT_BASE}/scans`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      status: 429,
      message: expect.stringContaining('too many scans started with this token'),
    });
    expect(server.audit!.service.runningScan()).toBeUndefined();
    expect(await json(server.request('GET', `${AUDIT_BASE}/scans`))).toMatchObject(kept);
  });

  it('pages the scans, newest first', async () => {
    const server = await auditedServer();
    await scanOver(server);
    await server.request('PUT', apiPaths.template(3), { locked: true });
    const second = await scanOver(server);
    const first = await json<{ scans: Scan[]; totalHits: number; hasMore: boolean }>(
      server.request('GET', `${AUDIT_BASE}/scans?limit=1`),
    );
    expect(first).toMatchObject({ totalHits: 2, hasMore: true });
    expect(first.scans.map((scan) => scan.id)).toEqual([second.id]);
    const rest = await json<{ scans: Scan[]; hasMore: boolean }>(
      server.request('GET', `${AUDIT_BASE}/scans?offset=1&limit=1`),
    );
    expect(rest.hasMore).toBe(false);
    expect(rest.scans.map((scan) => scan.id)).toEqual([second.id - 1]);
    await json(server.request('GET', `${AUDIT_BASE}/scans?limit=501`), 400);
  });

  it('refuses what it cannot do, in the error shape', async () => {
    const server = await auditedServer();
    const scan = await scanOver(server);
    const notRunning = await json<{ message: string }>(
      server.request('POST', `${AUDIT_BASE}/scans/${scan.id}/cancel`),
      409,
    );
    expect(notRunning.message).toBe(`scan ${scan.id} is not running (it is complete)`);
    await json(server.request('POST', `${AUDIT_BASE}/scans`, { now: true }), 400);
    await json(server.request('GET', `${AUDIT_BASE}/scans/0`), 400);
    await json(server.request('GET', `${AUDIT_BASE}/scans/12345`), 404);
    await json(server.request('GET', `${AUDIT_BASE}/diff?from=1`), 400);
    await json(
      server.request('POST', `${AUDIT_BASE}/findings/unused/fields`, {
        filters: [],
        sort: { field: 'id', ascending: true },
        limit: 0,
      }),
      400,
    );
  });
});
