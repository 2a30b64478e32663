import type { FastifyInstance } from 'fastify';
import { AUDIT_BASE } from '../../contract/audit';
import type { AcceptedTokens } from '../auth/accepted-tokens';
import type { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import type { AuditService } from '../audit/audit-service';
import type { SnapshotRefresher } from '../audit/snapshot/snapshot-refresher';
import type { AuditContext } from '../audit/routes/audit-context';
import { registerAuditRoutes } from '../audit/routes/register-audit-routes';
import { registerApi } from './api-plugin';
import type { EmbeddedApi } from './embedded-api';
import type { ProxiedApi } from './proxy/proxy-api';
import { instanceTokenJudge } from './proxy/instance-token-judge';
import type { TokenVerdict } from './token-auth';

export interface AuditApi {
  service: AuditService;
  /** Proxy mode: keeps the snapshot fresh, so the table's searches are answered from it (docs/proxy.md). */
  snapshot?: SnapshotRefresher;
  keep: number;
  scanEveryMs?: number;
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
      : instanceTokenJudge(api, accepted);
  const context: AuditContext = {
    service: audit.service,
    mode: api.kind,
    instance: api.kind === 'embedded' ? "this server's store" : api.upstream.origin,
    keep: audit.keep,
    scanEveryMs: audit.scanEveryMs,
  };
  await registerApi(app, {
    prefix: AUDIT_BASE,
    judgeToken,
    limiter,
    routes: (routes) => registerAuditRoutes(routes, context),
  });
}
