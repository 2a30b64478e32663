import type { z } from 'zod';
import { TOKEN_HEADER } from '../contract/paths';
import { ApiError, apiErrorFromResponse } from './api-error';
import { parseResponse } from './parse-response';
import { endRejectedSession, getSession } from './session';

export const DEFAULT_TIMEOUT_MS = 20_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT';
  /** Sent as JSON. */
  body?: unknown;
  /** Cancels the request when the caller no longer needs it (React Query passes one). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** A token to try instead of the session's; a 401 then leaves the session alone. */
  token?: string;
}

function failureOf(error: unknown, timedOut: boolean, timeoutMs: number): ApiError {
  if (timedOut) {
    const seconds = Math.round(timeoutMs / 1000);
    return new ApiError(
      'timeout',
      `The server did not answer within ${seconds} seconds. Try again.`,
    );
  }
  if (error instanceof SyntaxError) {
    return new ApiError('http', 'The server answered with something that is not JSON.');
  }
  return new ApiError(
    'network',
    'The server could not be reached. Check the connection and try again.',
  );
}

/** Signing in again cannot help when the server's own token is refused. */
function heldTokenRefused(failure: ApiError): ApiError {
  return new ApiError(
    'http',
    'The instance refused the token this server holds. Ask whoever runs the server to renew it.',
    failure.status,
    failure.body,
  );
}

/**
 * The contract's schema of an answer, or a function that loads it (`() =>
 * import('../contract/…').then(…)`): what the fields page's first screen asks, it reads
 * without loading zod first (docs/web-app.md, "Loading").
 */
export type AnswerSchema<S extends z.ZodType> = S | (() => Promise<S>);

/**
 * Sends one API request with the developer token and answers the JSON body, read
 * with `schema` (the contract's description of the answer).
 * Failures become an ApiError; a 401 for the session's token ends the session.
 * With no token (the server holds it), no token header is sent.
 * A caller's own cancellation is passed through as the AbortError it is.
 */
export async function requestJson<S extends z.ZodType>(
  path: string,
  schema: AnswerSchema<S>,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  return requestAnswer(
    path,
    async (data) =>
      parseResponse(typeof schema === 'function' ? await schema() : schema, data, path),
    options,
  );
}

/** As requestJson, for an answer read by a function of its own (search-fields.ts). */
export async function requestAnswer<T>(
  path: string,
  read: (data: unknown) => T | Promise<T>,
  options: RequestOptions = {},
): Promise<T> {
  return send(path, options, 'application/json', async (response) =>
    read((await response.json()) as unknown),
  );
}

/** As requestJson, for an answer that is a file to save (an export): its text as sent. */
export async function requestText(path: string, options: RequestOptions = {}): Promise<string> {
  return send(path, options, '*/*', (response) => response.text());
}

async function send<T>(
  path: string,
  options: RequestOptions,
  accept: string,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  const { method = 'GET', body, signal, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  const timeout = AbortSignal.timeout(timeoutMs);
  const session = getSession();
  const token = options.token ?? session.token;
  const headers: Record<string, string> = { Accept: accept };
  if (token) headers[TOKEN_HEADER] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let failure: ApiError;
  try {
    const response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (response.ok) return await read(response);
    failure = await apiErrorFromResponse(response);
  } catch (error) {
    if (signal?.aborted || (error instanceof ApiError && error.kind === 'unexpected')) throw error;
    failure = failureOf(error, timeout.aborted, timeoutMs);
  }
  if (failure.status === 401 && options.token === undefined) {
    if (session.heldByServer) throw heldTokenRefused(failure);
    endRejectedSession();
  }
  throw failure;
}
