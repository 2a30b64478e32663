import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE, TOKEN_HEADER } from '../../contract/paths';
import type { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import { ApiError, sendError } from './api-error';

const headerName = TOKEN_HEADER.toLowerCase();

/** The token a request carries, or '' when it carries none. */
export function presentedToken(request: FastifyRequest): string {
  const header = request.headers[headerName];
  return typeof header === 'string' ? header.trim() : '';
}

export const missingToken = () =>
  new ApiError(401, `the ${TOKEN_HEADER} header is missing; send a developer token`);

/** 429 for a client that failed to authenticate too often lately; undefined otherwise. */
export function throttledFailures(
  limiter: FailedAuthLimiter,
  client: string,
): ApiError | undefined {
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
 * Every API request carries a developer token. A 401 says only that the token is
 * missing or unknown; clients that keep failing are slowed down with 429.
 */
export function registerTokenAuth(
  app: FastifyInstance,
  options: { verify: (token: string) => boolean; limiter: FailedAuthLimiter },
): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${API_BASE}/`) && request.url !== API_BASE) return;
    const throttled = throttledFailures(options.limiter, request.ip);
    if (throttled) return sendError(request, reply, throttled);
    const token = presentedToken(request);
    if (token !== '' && options.verify(token)) return;
    options.limiter.recordFailure(request.ip);
    const refusal =
      token === ''
        ? missingToken()
        : new ApiError(401, 'the developer token is not valid; check it or create a new one');
    return sendError(request, reply, refusal);
  });
}
