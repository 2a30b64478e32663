import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { FindingsAnswer, Headline } from '../../../contract/audit';
import {
  AUDIT_BASE,
  findingHeadlines,
  scansAnswerSchema,
  trendAnswerSchema,
} from '../../../contract/audit';
import type { TestServer } from '../../test-support/test-server';
import { startTestServer } from '../../test-support/test-server';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** The fixture instance: one of its owners is inactive, so every finding has fields. */
async function auditedServer(): Promise<TestServer> {
  const server = await startTestServer({ withAudit: true });
  servers.push(server);
  return server;
}

async function json(response: Promise<Response>): Promise<unknown> {
  const answer = await response;
  const body = await answer.text();
  expect(answer.status, body).toBe(200);
  return JSON.parse(body);
}

/** Scans to the end; answers the scan's id. */
async function scanOver(server: TestServer): Promise<number> {
  const { id } = server.audit!.service.startScan(undefined);
  await server.audit!.service.scansSettled();
  return id;
}

const trendOf = async (server: TestServer) =>
  trendAnswerSchema.parse(await json(server.request('GET', `${AUDIT_BASE}/trend`))).points;

describe('the headline of a scan, and the trend of them', () => {
  it("counts each finding's fields, the inactive owners' included, in the findings and the trend", async () => {
    const server = await auditedServer();
    const scanId = await scanOver(server);
    const answer = (await json(server.request('GET', `${AUDIT_BASE}/findings`))) as FindingsAnswer;
    const inactive = answer.findings.find((finding) => finding.key === 'inactive-owners')!;
    expect(inactive.count).toBeGreaterThan(0);
    for (const finding of answer.findings) {
      const number = findingHeadlines[finding.key];
      if (number) expect(answer.headline[number], finding.key).toBe(finding.count);
    }
    const points = await trendOf(server);
    expect(points.map((point) => point.scanId)).toEqual([scanId]);
    expect(points[0]!.headline).toEqual(answer.headline);
    expect(points[0]!.headline.inactiveOwners).toBe(inactive.count);
  });

  it('a scan kept from before hidden characters in names were counted answers without that count', async () => {
    const server = await auditedServer();
    const before = await scanOver(server);
    const file = new Database(join(dirname(server.dataFile), 'audit.sqlite'));
    const stored = file.prepare('SELECT headline FROM scans WHERE id = ?').pluck();
    const {
      hiddenNameCharacters,
      inactiveOwners: _,
      ...older
    } = JSON.parse(stored.get(before) as string) as Headline;
    file.prepare('UPDATE scans SET headline = ? WHERE id = ?').run(JSON.stringify(older), before);
    file.close();

    const after = await scanOver(server);
    const points = await trendOf(server);
    expect(points.map((point) => [point.scanId, point.headline.hiddenNameCharacters])).toEqual([
      [before, undefined],
      [after, hiddenNameCharacters],
    ]);
  });

  it('a scan kept from before inactive owners were counted still answers, without that count', async () => {
    const server = await auditedServer();
    const before = await scanOver(server);
    // What such a scan's row holds: the headline of that time, with no inactiveOwners.
    const file = new Database(join(dirname(server.dataFile), 'audit.sqlite'));
    const stored = file.prepare('SELECT headline FROM scans WHERE id = ?').pluck();
    const { inactiveOwners, ...older } = JSON.parse(stored.get(before) as string) as Headline;
    expect(inactiveOwners).toBeGreaterThan(0);
    file.prepare('UPDATE scans SET headline = ? WHERE id = ?').run(JSON.stringify(older), before);
    file.close();

    const after = await scanOver(server);
    const points = await trendOf(server);
    expect(points.map((point) => [point.scanId, point.headline.inactiveOwners])).toEqual([
      [before, undefined],
      [after, inactiveOwners],
    ]);
    const scans = scansAnswerSchema.parse(await json(server.request('GET', `${AUDIT_BASE}/scans`)));
    expect(scans.scans.map((scan) => scan.headline?.inactiveOwners)).toEqual([
      inactiveOwners,
      undefined,
    ]);
  });
});
