import type { ApiErrorBody } from '../contract/errors';
import { readRetryAfterMs } from '../contract/retry-after';

/** `unexpected`: an answer arrived, but not in the shape the contract describes. */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'unexpected';

/** Every failed request becomes an ApiError whose message a person can act on. */
export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** HTTP status; 0 when no answer arrived. */
    readonly status = 0,
    /** The error body when the server answered with the contract's error shape. */
    readonly body?: ApiErrorBody,
    /** For a 429: how long the server asked to wait before the next request. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Worth asking again: nothing arrived, the server failed, or it asked us to slow down. */
export function isTransient(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && (error.status >= 500 || error.status === 429);
}

function looksLikeErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  return typeof body.status === 'number' && typeof body.message === 'string';
}

/** Server messages are lower-case clauses ("limit must be ..."); shown alone they read as a sentence. */
export function asSentence(text: string): string {
  const capitalized = `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  return /[.!?]$/.test(capitalized) ? capitalized : `${capitalized}.`;
}

function messageForStatus(status: number, body: ApiErrorBody | undefined): string {
  if (status === 401) return 'The server did not accept the developer token.';
  if (status >= 500 && status !== 502 && status !== 504) {
    return `The server failed to answer (${status}). Try again in a moment.`;
  }
  if (body) return asSentence(body.message);
  if (status === 502 || status === 504) {
    return `The instance behind this server did not answer (${status}). Try again in a moment.`;
  }
  return `The server refused the request (${status}).`;
}

/** Without a usable Retry-After a 429 waits this long; a longer one is cut to a minute. */
const retryAfterBounds = { fallbackMs: 2000, maxMs: 60_000 };

/** The ApiError a request answered with this status and error body would have given. */
export function apiErrorFromBody(status: number, body: ApiErrorBody): ApiError {
  return new ApiError('http', messageForStatus(status, body), status, body);
}

/** Builds the ApiError for a response that is not ok. */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const parsed: unknown = await response.json().catch(() => undefined);
  const body = looksLikeErrorBody(parsed) ? parsed : undefined;
  const retryAfter =
    response.status === 429
      ? readRetryAfterMs(response.headers.get('retry-after'), retryAfterBounds)
      : undefined;
  return new ApiError(
    'http',
    messageForStatus(response.status, body),
    response.status,
    body,
    retryAfter,
  );
}
