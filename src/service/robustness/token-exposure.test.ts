// The developer token never appears in a log line or a response body, whatever
// the request and whatever the instance behind a proxy answers.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_CONFIG_PATH, apiPaths, TOKEN_HEADER } from '../../contract/paths';
import { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import { buildServer, redactedLogPaths } from '../server/build-server';
import { rawRequest } from '../test-support/raw-request';
import { startStubUpstream } from '../test-support/stub-upstream';
import type { StubAnswer } from '../test-support/stub-upstream';
import { startTestServer } from '../test-support/test-server';
import type { MalformedRequest } from './malformed-requests';
import { malformedRequests } from './malformed-requests';

const secret = 'cfm_secret-token-that-must-never-show';
const heldSecret = 'cfm_held-token-that-must-never-show';

function capturedLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { level: 'trace', redact: redactedLogPaths, stream } };
}

const opened: Array<{ close(): Promise<unknown> }> = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

/** Sends a few good requests and the malformed ones given; answers every body and header the server sent. */
async function exercise(
  url: string,
  token: string,
  malformed: readonly MalformedRequest[],
): Promise<string[]> {
  const bodies: string[] = [];
  const good: Array<[string, string, string | undefined]> = [
    ['POST', apiPaths.search, '{"filters":[],"sort":{"field":"name","ascending":true},"limit":5}'],
    ['GET', apiPaths.template(1), undefined],
    ['PUT', apiPaths.template(1), '{"locked":false}'],
    ['GET', apiPaths.statistics, undefined],
    ['GET', apiPaths.template(987_654), undefined],
    ['GET', APP_CONFIG_PATH, undefined],
  ];
  const requests = [...good.map(([method, path, body]) => ({ method, path, body })), ...malformed];
  for (const request of requests) {
    for (const presented of [token, `${token}-wrong`]) {
      const answer = await rawRequest(url, {
        method: request.method,
        path: request.path,
        headers: {
          [TOKEN_HEADER]: presented,
          ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: request.body,
      });
      bodies.push(answer.text, JSON.stringify(answer.headers));
    }
  }
  return bodies;
}

describe('the token stays secret', () => {
  it('in the embedded service, across good, refused and malformed requests', async () => {
    const log = capturedLog();
    const seed = await startTestServer();
    opened.push(seed);
    seed.stores.tokens.addToken('secret', secret, Date.now());
    // As the demo's token, which start-up prints for the person and nothing else may show.
    seed.stores.tokens.rememberDemoToken(secret);
    const app: FastifyInstance = await buildServer({
      api: { kind: 'embedded', store: seed.stores.fields, tokens: seed.stores.tokens },
      logger: log.logger,
      failedAuthLimiter: new FailedAuthLimiter(3, 60_000),
    });
    opened.push(app);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });
    const bodies = await exercise(url, secret, malformedRequests);
    expect(log.lines.length).toBeGreaterThan(100);
    const leaks = [...log.lines, ...bodies].filter((text) => text.includes(secret));
    expect(leaks.slice(0, 1)).toEqual([]);
  });

  it('through a proxy, even when the instance echoes the token in its errors', async () => {
    const echo = (status: number) => (request: { headers: Record<string, unknown> }) =>
      ({
        status,
        body: JSON.stringify({
          message: `token ${String(request.headers[TOKEN_HEADER.toLowerCase()])} refused`,
        }),
        headers: { 'x-echo': String(request.headers[TOKEN_HEADER.toLowerCase()]) },
      }) satisfies StubAnswer;
    for (const status of [400, 401, 500]) {
      const stub = await startStubUpstream(echo(status));
      opened.push(stub);
      for (const heldToken of [undefined, heldSecret]) {
        const log = capturedLog();
        const proxy = await buildServer({
          api: { kind: 'proxy', upstream: new URL(stub.url), heldToken },
          logger: log.logger,
        });
        opened.push(proxy);
        const url = await proxy.listen({ host: '127.0.0.1', port: 0 });
        // The proxy forwards bodies unread, so a sample of the corpus covers its own paths.
        const bodies = await exercise(
          url,
          secret,
          malformedRequests.filter((_, i) => i % 16 === 0),
        );
        const leaks = [...log.lines, ...bodies].filter(
          (text) => text.includes(secret) || text.includes(heldSecret),
        );
        expect(leaks.slice(0, 1), `upstream ${status}`).toEqual([]);
      }
    }
  });
});
