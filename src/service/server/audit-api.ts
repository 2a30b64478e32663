import type { FastifyInstance } from 'fastify';
import { AUDIT_BASE } from '../../contract/audit';
import type { AcceptedTokens } from '../auth/accepted-tokens';
import type { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import type { AuditService } from '../audit/audit-service';
import { auditContext } from '../audit/routes/audit-context';
import { registerAuditRoutes } from '../audit/routes/register-audit-routes';
import { instanceAcceptsToken } from '../upstream/instance-accepts-token';
import { UpstreamError } from '../upstream/upstream-client';
import { ApiError } from './api-error';
import { registerApi } from './api-plugin';
import type { EmbeddedApi } from './embedded-api';
import type { ProxiedApi } from './proxy/proxy-api';
import type { TokenVerdict } from './token-auth';

export interface AuditApi {
  service: AuditService;
  keep: number;
  scanEveryMs?: number;
}

/**
 * Audit data is the instance's data: in proxy mode a token this server has not
 * seen accepted lately is put to the instance before anything is answered, and
 * the answer is remembered (as a hash, briefly) like the proxy's own.
 */
function proxyJudge(api: ProxiedApi, accepted: AcceptedTokens) {
  return async (token: string): Promise<TokenVerdict> => {
    if (api.heldToken !== undefined) return 'valid';
    if (token === '') return 'missing';
    if (accepted.has(token)) return 'valid';
    let accepts: boolean;
    try {
      accepts = await instanceAcceptsToken(api.upstream, token, api.timeoutMs ?? 15_000);
    } catch (error) {
      const reason = error instanceof UpstreamError ? error.message : 'no answer';
      throw new ApiError(502, `the token could not be checked with the instance: ${reason}`);
    }
    if (!accepts) return 'invalid';
    accepted.remember(token);
    return 'valid';
  };
}

/** The audit API under its own base path (docs/audit.md), behind the same tokens as the API. */
export async function registerAuditApi(
  app: FastifyInstance,
  api: EmbeddedApi | ProxiedApi,
  audit: AuditApi,
  limiter: FailedAuthLimiter,
  accepted: AcceptedTokens,
): Promise<void> {
  const judgeToken =
    api.kind === 'embedded'
      ? (token: string): TokenVerdict =>
          token === '' ? 'missing' : api.tokens.verify(token) ? 'valid' : 'invalid'
      : proxyJudge(api, accepted);
  const context = auditContext({
    service: audit.service,
    mode: api.kind,
    instance: api.kind === 'embedded' ? "this server's store" : api.upstream.origin,
    keep: audit.keep,
    scanEveryMs: audit.scanEveryMs,
  });
  await registerApi(app, {
    prefix: AUDIT_BASE,
    judgeToken,
    limiter,
    routes: (routes) => registerAuditRoutes(routes, context),
  });
}
