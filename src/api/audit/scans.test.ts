import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import type { Scan } from '../../contract/audit';
import { AUDIT_BASE } from '../../contract/audit';
import { startSession } from '../session';
import { setupMockApi } from '../test-support/mock-api';
import { scansQueryOptions } from './scans';

const server = setupMockApi();

beforeEach(() => startSession('token-for-tests', false));

const scan = (id: number): Scan => ({
  id,
  trigger: 'schedule',
  state: 'complete',
  phase: 'done',
  started: id * 1000,
  finished: id * 1000 + 500,
  progress: { listed: 10, toRead: 10, read: 10, requests: 0, retries: 0 },
  fields: 10,
  newBytes: 100,
});

/** Answers GET /scans as the service does: newest first, `offset` and `limit` honoured. */
function serveScans(newestFirst: () => Scan[], asked: string[]) {
  server.use(
    http.get(`${AUDIT_BASE}/scans`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query.toString());
      const offset = Number(query.get('offset') ?? 0);
      const limit = Number(query.get('limit') ?? 100);
      const all = newestFirst();
      const scans = all.slice(offset, offset + limit);
      return HttpResponse.json({
        scans,
        totalHits: all.length,
        hasMore: offset + scans.length < all.length,
      });
    }),
  );
}

test('the scans are every kept scan, read a page at a time, newest first', async () => {
  const kept = Array.from({ length: 650 }, (_, at) => scan(650 - at));
  const asked: string[] = [];
  serveScans(() => kept, asked);

  const answer = await new QueryClient().fetchQuery(scansQueryOptions());

  expect(answer.scans.map((entry) => entry.id)).toEqual(kept.map((entry) => entry.id));
  expect(answer).toMatchObject({ totalHits: 650, hasMore: false });
  expect(asked).toEqual(['offset=0&limit=500', 'offset=500&limit=500']);
});

test('a scan that finished between two pages is listed once', async () => {
  let kept = Array.from({ length: 600 }, (_, at) => scan(600 - at));
  const asked: string[] = [];
  serveScans(() => {
    const answer = kept;
    // Scan 601 finishes once the first page is read: every older scan moves down one.
    kept = [scan(601), ...Array.from({ length: 600 }, (_, at) => scan(600 - at))];
    return answer;
  }, asked);

  const answer = await new QueryClient().fetchQuery(scansQueryOptions());

  const ids = answer.scans.map((entry) => entry.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toHaveLength(600);
  expect(ids.at(-1)).toBe(1);
});
