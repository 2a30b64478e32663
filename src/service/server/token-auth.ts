import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TOKEN_HEADER } from '../../contract/paths';
import type { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import { ApiError, sendError } from './api-error';

const headerName = TOKEN_HEADER.toLowerCase();

/** The token a request carries, or '' when it carries none. */
export function presentedToken(request: FastifyRequest): string {
  const header = request.headers[headerName];
  return typeof header === 'string' ? header.trim() : '';
}

/**
 * What this server can tell of a token before answering: `valid` and `invalid` are
 * its own verdicts; `deferred` leaves the verdict to the instance behind a proxy.
 */
export type TokenVerdict = 'valid' | 'missing' | 'invalid' | 'deferred';

const refusals: Record<'missing' | 'invalid', () => ApiError> = {
  missing: () => new ApiError(401, `the ${TOKEN_HEADER} header is missing; send a developer token`),
  invalid: () =>
    new ApiError(401, 'the developer token is not valid; check it or create a new one'),
};

/** The 401 for a token that is missing or not valid: it says nothing about the data. */
export function tokenRefusal(verdict: 'missing' | 'invalid'): ApiError {
  return refusals[verdict]();
}

/** 429 for a client that failed to authenticate too often lately; undefined otherwise. */
function throttledFailures(limiter: FailedAuthLimiter, client: string): ApiError | undefined {
  const wait = limiter.retryAfterMs(client);
  if (wait <= 0) return undefined;
  const seconds = Math.ceil(wait / 1000);
  return new ApiError(
    429,
    `too many failed authentications; try again in ${seconds} s`,
    undefined,
    {
      'retry-after': String(seconds),
    },
  );
}

/**
 * Every request to the routes of `app` (an encapsulated plugin, so this runs on the
 * route the router matched, however its path was spelled) carries a developer token.
 * A valid token always passes. Other requests from a client that failed too often
 * lately get 429; otherwise a missing or unknown token is a 401 that says nothing
 * about the data, and counts as a failure.
 */
export function registerTokenAuth(
  app: FastifyInstance,
  options: {
    judge: (token: string) => TokenVerdict | Promise<TokenVerdict>;
    limiter: FailedAuthLimiter;
  },
): void {
  app.addHook('onRequest', async (request, reply) => {
    const verdict = await options.judge(presentedToken(request));
    if (verdict === 'valid') return;
    const throttled = throttledFailures(options.limiter, request.ip);
    if (throttled) return sendError(request, reply, throttled);
    if (verdict === 'deferred') return;
    options.limiter.recordFailure(request.ip);
    return sendError(request, reply, refusals[verdict]());
  });
}
