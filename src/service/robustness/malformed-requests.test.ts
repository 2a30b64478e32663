// Every malformed request gets a 4xx in the one error shape, with a short body,
// and leaves the store exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorBodySchema } from '../../contract/errors';
import { TOKEN_HEADER } from '../../contract/paths';
import { rawRequest } from '../test-support/raw-request';
import { storeFingerprint } from '../test-support/store-fingerprint';
import type { TestServer } from '../test-support/test-server';
import { startTestServer, TEST_TOKEN } from '../test-support/test-server';
import { malformedRequests } from './malformed-requests';

let server: TestServer;
let fingerprintBefore: string;
beforeAll(async () => {
  server = await startTestServer();
  fingerprintBefore = storeFingerprint(server.dataFile);
});
afterAll(() => server.close());

/** Far below the 64 KiB a request may carry, whatever the request held. */
const longestErrorBody = 4096;

describe('the malformed-request corpus', () => {
  it('holds at least a hundred cases, each named once', () => {
    expect(malformedRequests.length).toBeGreaterThanOrEqual(100);
    const names = malformedRequests.map((request) => request.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it.each(malformedRequests.map((request) => [request.name, request] as const))(
    '%s',
    async (_name, request) => {
      const contentType =
        request.contentType === undefined ? 'application/json' : request.contentType;
      const answer = await rawRequest(server.url, {
        method: request.method,
        path: request.path,
        headers: {
          [TOKEN_HEADER]: TEST_TOKEN,
          ...(contentType === null || request.body === undefined
            ? {}
            : { 'content-type': contentType }),
        },
        body: request.body,
      });
      expect(answer.status).toBe(request.status);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.text.length).toBeLessThanOrEqual(longestErrorBody);
      const body = apiErrorBodySchema.strict().parse(JSON.parse(answer.text));
      expect(body.status).toBe(request.status);
      expect(body.message.length).toBeGreaterThan(10);
      expect(answer.text).not.toMatch(/\bat \S+\.(ts|js|mjs):\d+|SQLITE|SELECT |node_modules/);
    },
  );

  it('left every stored record as it was, and polluted no prototype', () => {
    expect(storeFingerprint(server.dataFile)).toBe(fingerprintBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).locked).toBeUndefined();
  });
});
