import { STATUS_CODES } from 'node:http';
import { ApiError } from '../api-error';

/** Statuses a client acts on (sign in again, fall back, fix the request) pass through as they are. */
const passedThrough = new Set([400, 401, 403, 404, 405, 409, 413, 415, 422, 429]);
const longestQuotedMessage = 300;

/**
 * The message of an upstream error body, when it is JSON with a `message` string:
 * quoted as plain text, shortened, never the raw body, and without the token this
 * server sent (an instance may echo it, and a token the server holds must never
 * reach the browser).
 */
export function upstreamMessage(body: string, sentToken = ''): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    const message = (parsed as { message?: unknown } | null)?.message;
    if (typeof message !== 'string' || message.trim() === '') return undefined;
    const redacted = sentToken === '' ? message : message.replaceAll(sentToken, '[token]');
    const plain = redacted.replace(/\p{Cc}+/gu, ' ').trim();
    return plain.length > longestQuotedMessage ? `${plain.slice(0, longestQuotedMessage)}…` : plain;
  } catch {
    return undefined;
  }
}

/** An upstream answer that is not a success, in the contract's error shape. */
export function upstreamFailure(
  status: number,
  body: string,
  options: { retryAfter?: string; sentToken?: string } = {},
): ApiError {
  const { retryAfter, sentToken } = options;
  const named = `${status} ${STATUS_CODES[status] ?? ''}`.trim();
  const quoted = upstreamMessage(body, sentToken);
  const detail = quoted ? `: ${quoted}` : '';
  if (passedThrough.has(status)) {
    return new ApiError(
      status,
      `the upstream instance answered ${named}${detail}`,
      undefined,
      status === 429 && retryAfter ? { 'retry-after': retryAfter } : {},
    );
  }
  return new ApiError(502, `the upstream instance failed with ${named}${detail}`);
}

/** A request that never got an answer: 504 when it took too long, 502 otherwise. */
export function upstreamUnreachable(
  error: Error & { code?: string; statusCode?: number },
  timeoutMs: number,
): ApiError {
  if (error.statusCode === 504) {
    return new ApiError(504, `the upstream instance did not answer within ${timeoutMs / 1000} s`);
  }
  const cause = (error as { cause?: { code?: string } }).cause?.code ?? error.code ?? 'no answer';
  return new ApiError(502, `the upstream instance could not be reached (${cause})`);
}

/** What fetch threw for a request to the instance: 504 when its timeout signal fired, 502 otherwise. */
export function fetchUnreachable(error: unknown, timeoutMs: number): ApiError {
  const timedOut = (error as Error).name === 'TimeoutError';
  return upstreamUnreachable(
    Object.assign(error as Error, timedOut ? { statusCode: 504 } : {}),
    timeoutMs,
  );
}
