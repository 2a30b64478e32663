import type { FastifyInstance } from 'fastify';
import { API_BASE, TOKEN_HEADER } from '../../contract/paths';
import type { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import { ApiError, sendError } from './api-error';

const headerName = TOKEN_HEADER.toLowerCase();

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
    const wait = options.limiter.retryAfterMs(request.ip);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      return sendError(
        request,
        reply,
        new ApiError(429, `too many failed authentications; try again in ${seconds} s`, undefined, {
          'retry-after': String(seconds),
        }),
      );
    }
    const header = request.headers[headerName];
    const token = typeof header === 'string' ? header.trim() : '';
    if (token !== '' && options.verify(token)) return;
    options.limiter.recordFailure(request.ip);
    return sendError(
      request,
      reply,
      new ApiError(
        401,
        token === ''
          ? `the ${TOKEN_HEADER} header is missing; send a developer token`
          : 'the developer token is not valid; check it or create a new one',
      ),
    );
  });
}
