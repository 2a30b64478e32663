import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { TOKEN_HEADER } from '../contract/paths';
import { searchResponseSchema } from '../contract/search';
import { ApiError, isTransient } from './api-error';
import { requestJson } from './http-client';
import { endSession, getSession, startServerHeldSession, startSession } from './session';
import { setupMockApi } from './test-support/mock-api';

const path = '/api/query/v1/functions/search';
/** These tests are about transport; the shape of answers has its own tests below. */
const anyAnswer = z.unknown();
const server = setupMockApi();

function answerWith(response: () => Response | Promise<Response>) {
  server.use(http.post(path, response));
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

beforeEach(() => startSession('session-token-123', false));

describe('requestJson', () => {
  test('sends the session token in the header and the body as JSON', async () => {
    let seen: { token: string | null; type: string | null; body: unknown } | undefined;
    server.use(
      http.post(path, async ({ request }) => {
        seen = {
          token: request.headers.get(TOKEN_HEADER),
          type: request.headers.get('content-type'),
          body: await request.json(),
        };
        return HttpResponse.json({ ok: true });
      }),
    );

    const answer = await requestJson(path, anyAnswer, { method: 'POST', body: { limit: 1 } });

    expect(answer).toEqual({ ok: true });
    expect(seen).toEqual({
      token: 'session-token-123',
      type: 'application/json',
      body: { limit: 1 },
    });
  });

  test('never puts the token in the URL', async () => {
    let url = '';
    server.use(
      http.post(path, ({ request }) => {
        url = request.url;
        return HttpResponse.json({});
      }),
    );
    await requestJson(path, anyAnswer, { method: 'POST', body: {} });
    expect(url).not.toContain('session-token-123');
  });

  test('an explicit token is sent instead of the session one', async () => {
    let token: string | null = null;
    server.use(
      http.post(path, ({ request }) => {
        token = request.headers.get(TOKEN_HEADER);
        return HttpResponse.json({});
      }),
    );
    await requestJson(path, anyAnswer, { method: 'POST', body: {}, token: 'candidate-token' });
    expect(token).toBe('candidate-token');
  });

  test("maps the contract's error body to an ApiError with the server's message", async () => {
    const body = {
      status: 400,
      statusReason: 'Bad Request',
      message: 'limit must be an integer from 1 to 5000 (got 0)',
      path,
    };
    answerWith(() => HttpResponse.json(body, { status: 400 }));

    const error = await failureOf(requestJson(path, anyAnswer, { method: 'POST', body: {} }));

    expect(error).toMatchObject({ kind: 'http', status: 400, body });
    expect(error.message).toBe('Limit must be an integer from 1 to 5000 (got 0).');
    expect(isTransient(error)).toBe(false);
  });

  test('a server failure says so without passing on internals, and is worth retrying', async () => {
    answerWith(
      () =>
        new HttpResponse('<html>Internal Server Error</html>', {
          status: 500,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const error = await failureOf(requestJson(path, anyAnswer, { method: 'POST', body: {} }));
    expect(error).toMatchObject({ kind: 'http', status: 500, body: undefined });
    expect(error.message).toBe('The server failed to answer (500). Try again in a moment.');
    expect(isTransient(error)).toBe(true);
  });

  test('a 429 carries the wait its Retry-After asks for, in seconds or as a date', async () => {
    const tooMany = (retryAfter?: string) =>
      answerWith(() =>
        HttpResponse.json(
          { status: 429, message: 'slow down' },
          { status: 429, headers: retryAfter ? { 'Retry-After': retryAfter } : {} },
        ),
      );
    const failure = () => failureOf(requestJson(path, anyAnswer, { method: 'POST', body: {} }));
    tooMany('3');
    expect(await failure()).toMatchObject({ status: 429, retryAfterMs: 3000 });
    tooMany(new Date(Date.now() + 10_000).toUTCString());
    const dated = (await failure()).retryAfterMs!;
    expect(dated).toBeGreaterThan(8000);
    expect(dated).toBeLessThanOrEqual(10_000);
    tooMany('3600');
    expect(await failure()).toMatchObject({ retryAfterMs: 60_000 });
    tooMany();
    expect(await failure()).toMatchObject({ retryAfterMs: 2000 });
  });

  test('a 401 for the session token ends the session and marks it rejected', async () => {
    answerWith(() =>
      HttpResponse.json(
        {
          status: 401,
          statusReason: 'Unauthorized',
          message: 'the developer token is not valid',
          path,
        },
        { status: 401 },
      ),
    );
    const error = await failureOf(requestJson(path, anyAnswer, { method: 'POST', body: {} }));
    expect(error.status).toBe(401);
    expect(getSession()).toEqual({
      token: null,
      rejected: true,
      signedOut: false,
      heldByServer: false,
    });
    expect(sessionStorage.length).toBe(0);
  });

  test('a 401 for a candidate token leaves the session alone', async () => {
    answerWith(() => HttpResponse.json({}, { status: 401 }));
    await failureOf(
      requestJson(path, anyAnswer, { method: 'POST', body: {}, token: 'wrong-token' }),
    );
    expect(getSession()).toEqual({
      token: 'session-token-123',
      rejected: false,
      signedOut: false,
      heldByServer: false,
    });
  });

  test('a network failure becomes a network ApiError', async () => {
    answerWith(() => HttpResponse.error());
    const error = await failureOf(requestJson(path, anyAnswer, { method: 'POST', body: {} }));
    expect(error.kind).toBe('network');
    expect(isTransient(error)).toBe(true);
  });

  test('a server that does not answer in time becomes a timeout ApiError', async () => {
    answerWith(async () => {
      await delay(500);
      return HttpResponse.json({});
    });
    const error = await failureOf(
      requestJson(path, anyAnswer, { method: 'POST', body: {}, timeoutMs: 50 }),
    );
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/did not answer within/);
  });

  test("the caller's own cancellation is passed through, not reported as a failure", async () => {
    answerWith(async () => {
      await delay(500);
      return HttpResponse.json({});
    });
    const controller = new AbortController();
    const request = requestJson(path, anyAnswer, {
      method: 'POST',
      body: {},
      signal: controller.signal,
    });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });

  test('an answer that is not JSON is reported as such', async () => {
    answerWith(() => new HttpResponse('not json', { status: 200 }));
    const error = await failureOf(requestJson(path, anyAnswer, { method: 'POST', body: {} }));
    expect(error.message).toMatch(/not JSON/);
  });
});

describe('session', () => {
  test('keeps the token for this tab, or on this device when remembered', () => {
    startSession('tab-token', false);
    expect(sessionStorage.getItem('cfm.developer-token')).toBe('tab-token');
    expect(localStorage.getItem('cfm.developer-token')).toBeNull();

    startSession('device-token', true);
    expect(localStorage.getItem('cfm.developer-token')).toBe('device-token');
    expect(sessionStorage.getItem('cfm.developer-token')).toBeNull();

    endSession();
    expect(localStorage.length + sessionStorage.length).toBe(0);
    expect(getSession()).toEqual({
      token: null,
      rejected: false,
      signedOut: true,
      heldByServer: false,
    });
  });
});

describe('when the server holds the token', () => {
  beforeEach(() => startServerHeldSession());

  test('no token header is sent and none is kept in the browser', async () => {
    let header: string | null = 'unset';
    server.use(
      http.post(path, ({ request }) => {
        header = request.headers.get(TOKEN_HEADER);
        return HttpResponse.json({});
      }),
    );
    await requestJson(path, anyAnswer, { method: 'POST', body: {} });
    expect(header).toBeNull();
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });

  test('a 401 says the server token was refused and does not send anyone to sign-in', async () => {
    answerWith(() => HttpResponse.json({}, { status: 401 }));
    const error = await failureOf(requestJson(path, anyAnswer, { method: 'POST', body: {} }));
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      'The instance refused the token this server holds. Ask whoever runs the server to renew it.',
    );
    expect(getSession()).toEqual({
      token: null,
      rejected: false,
      signedOut: false,
      heldByServer: true,
    });
  });
});

describe('answers are read with the contract', () => {
  test('an answer of another shape fails loudly, naming where and what was unexpected', async () => {
    answerWith(() =>
      HttpResponse.json({
        totalHits: 1,
        hasMore: false,
        degraded: false,
        results: [{ id: 'seven', name: 'Revenue' }],
      }),
    );
    const error = await failureOf(
      requestJson(path, searchResponseSchema, { method: 'POST', body: {} }),
    );
    expect(error.kind).toBe('unexpected');
    expect(error.message).toMatch(
      /^The server's answer to \/api\/query\/v1\/functions\/search is not what this app understands/,
    );
    expect(error.message).toMatch(/results\[0\]\.id: .*expected number/);
    expect(error.message).toMatch(/and \d+ more\)\.$/);
    expect(isTransient(error)).toBe(false);
    expect(getSession().token).toBe('session-token-123');
  });

  test('an answer of the right shape comes back as the schema reads it', async () => {
    const page = { totalHits: 0, results: [], hasMore: false, degraded: false };
    answerWith(() => HttpResponse.json(page));
    await expect(
      requestJson(path, searchResponseSchema, { method: 'POST', body: {} }),
    ).resolves.toEqual(page);
  });

  test('a schema loaded on first use reads the answer as the schema itself does', async () => {
    const loadSchema = () => Promise.resolve(searchResponseSchema);
    answerWith(() => HttpResponse.json({ totalHits: 'many', results: [], hasMore: false }));
    const error = await failureOf(requestJson(path, loadSchema, { method: 'POST', body: {} }));
    expect(error.kind).toBe('unexpected');
    expect(error.message).toMatch(/totalHits: .*expected number/);

    const page = { totalHits: 0, results: [], hasMore: false, degraded: false };
    answerWith(() => HttpResponse.json(page));
    await expect(requestJson(path, loadSchema, { method: 'POST', body: {} })).resolves.toEqual(
      page,
    );
  });
});
