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

export type TokenVerdict = 'valid' | 'missing' | 'invalid';

/**
 * A mode's rule for tokens (token-judges.ts): what this server knows of a token on
 * its own, and, where it cannot tell, whom it asks.
 */
export interface TokenJudge {
  /** The verdict from what this server knows; undefined when only `ask` can tell. */
  known(token: string): TokenVerdict | undefined;
  /** Asks whoever can tell (the instance behind a proxy); an ApiError when it cannot say. */
  ask?(token: string): Promise<Exclude<TokenVerdict, 'missing'>>;
  /** Hears the instance's own answer to a token sent on (a forwarded request, a refresh). */
  answered?(token: string, accepted: boolean): void;
}

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
 * A mode's token judge and the failed-authentication limiter, together: the one
 * place that decides whether a request's token may pass (docs/api.md, "Authentication").
 */
export class TokenAuth {
  constructor(
    readonly judge: TokenJudge,
    readonly limiter: FailedAuthLimiter,
  ) {}

  /**
   * Every request to the routes of `app` (an encapsulated plugin, so this runs on the
   * route the router matched, however its path was spelled) carries a developer token.
   * A token the judge knows valid always passes. A client that failed too often lately
   * gets 429 before anyone is asked about its token. Otherwise a token the judge cannot
   * tell on its own is put to whoever can; a missing or refused token is a 401 that
   * says nothing about the data, and a token that could not be checked a 502 (logged
   * as a warning: the instance's state, not a fault here); both count as failures.
   */
  register(app: FastifyInstance): void {
    const { judge, limiter } = this;
    app.addHook('onRequest', async (request, reply) => {
      const token = presentedToken(request);
      const known = judge.known(token);
      if (known === 'valid') return;
      const throttled = throttledFailures(limiter, request.ip);
      if (throttled) return sendError(request, reply, throttled);
      let verdict: TokenVerdict;
      try {
        verdict = known ?? (judge.ask ? await judge.ask(token) : 'invalid');
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // A 429 says this server is checking too many tokens at once: no fault of this client.
        if (error.status !== 429) limiter.recordFailure(request.ip);
        request.log.warn({ status: error.status, reason: error.message }, 'token not checked');
        return sendError(request, reply, error);
      }
      if (verdict === 'valid') return;
      limiter.recordFailure(request.ip);
      return sendError(request, reply, refusals[verdict]());
    });
  }

  /** The instance accepted a token on a request sent on: it stays trusted a while longer. */
  instanceAccepted(token: string): void {
    this.judge.answered?.(token, true);
  }

  /**
   * The instance refused a token this server had let pass (revoked since it was
   * judged): it is forgotten at once, and the refusal counts as a failure.
   */
  instanceRefused(token: string, client: string): void {
    this.judge.answered?.(token, false);
    this.limiter.recordFailure(client);
  }
}
