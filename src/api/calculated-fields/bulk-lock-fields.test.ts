import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import type { BulkTemplateRequest } from '../../contract/bulk-template';
import { startSession } from '../session';
import { calculatedField, setupMockApi } from '../test-support/mock-api';
import { bulkLockFields, isBulkRefused } from './bulk-lock-fields';

const bulkPath = '/api/query/v1/functions/bulk/template';
const server = setupMockApi();

beforeEach(() => startSession('token-for-tests', false));

test('each id gets its outcome in the order asked, and one the answer leaves out fails with the reason', async () => {
  let sent: unknown;
  server.use(
    http.post(bulkPath, async ({ request }) => {
      sent = await request.json();
      const { update = [] } = sent as BulkTemplateRequest;
      const { locked } = update[0] as { locked: boolean };
      // Out of order, a refusal, and id 2 missing.
      return HttpResponse.json({
        results: [
          {
            operation: 'update',
            index: 2,
            id: 3,
            status: 409,
            error: { status: 409, statusReason: 'Conflict', message: 'locked', path: '' },
          },
          {
            operation: 'update',
            index: 0,
            id: 1,
            status: 200,
            field: calculatedField(1, { locked }),
          },
        ],
      });
    }),
  );

  const outcomes = await bulkLockFields({ ids: [1, 2, 3], locked: true });

  expect(sent).toEqual({
    update: [
      { id: 1, locked: true },
      { id: 2, locked: true },
      { id: 3, locked: true },
    ],
  });
  expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false, false]);
  expect(outcomes[0]).toMatchObject({ field: { id: 1, locked: true } });
  expect(outcomes[1]).toMatchObject({
    error: { message: 'The server’s answer left this field out.' },
  });
  expect(outcomes[2]).toMatchObject({ error: { status: 409, body: { message: 'locked' } } });
});

test('an answer in an unknown shape is verified by reading the fields again', async () => {
  server.use(
    http.post(bulkPath, () => HttpResponse.json({ ok: true })),
    http.get('/api/query/v1/functions/template/:id', ({ params }) =>
      HttpResponse.json(calculatedField(Number(params.id), { locked: params.id === '1' })),
    ),
  );
  const outcomes = await bulkLockFields({ ids: [1, 2], locked: true });
  expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false]);
});

test('a refusal of the whole call by status tells an instance without the bulk operation', async () => {
  server.use(http.post(bulkPath, () => new HttpResponse(null, { status: 501 })));
  const error = await bulkLockFields({ ids: [1, 2], locked: true }).catch((caught) => caught);
  expect(isBulkRefused(error)).toBe(true);
});
