import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test } from 'vitest';
import type { BulkLockRequest } from '../../contract/bulk-lock';
import { startSession } from '../session';
import { calculatedField, setupMockApi } from '../test-support/mock-api';
import { bulkLockFields } from './bulk-lock-fields';

const bulkLockPath = '/api/query/v1/functions/bulk-lock';
const server = setupMockApi();

beforeEach(() => startSession('token-for-tests', false));

test('each id gets its outcome in the order asked, and one the answer leaves out fails with the reason', async () => {
  server.use(
    http.post(bulkLockPath, async ({ request }) => {
      const { locked } = (await request.json()) as BulkLockRequest;
      // Out of order, a refusal, and id 2 missing.
      return HttpResponse.json({
        results: [
          {
            id: 3,
            status: 403,
            error: { status: 403, statusReason: 'Forbidden', message: 'not yours', path: '' },
          },
          { id: 1, status: 200, field: calculatedField(1, { locked }) },
        ],
      });
    }),
  );

  const outcomes = await bulkLockFields({ ids: [1, 2, 3], locked: true });

  expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, false, false]);
  expect(outcomes[0]).toMatchObject({ field: { id: 1, locked: true } });
  expect(outcomes[1]).toMatchObject({
    error: { message: 'The server’s answer left this field out.' },
  });
  expect(outcomes[2]).toMatchObject({ error: { status: 403, body: { message: 'not yours' } } });
});
