import type { FastifyInstance } from 'fastify';
import { AUDIT_BASE } from '../../contract/audit';
import type { AuditService } from '../audit/audit-service';
import type { ChangeRecords } from '../audit/diff/change-authors';
import type { SnapshotRefresher } from '../audit/snapshot/snapshot-refresher';
import type { AuditContext } from '../audit/routes/audit-context';
import { registerAuditRoutes } from '../audit/routes/register-audit-routes';
import { registerApi } from './api-plugin';
import type { EmbeddedApi } from './embedded-api';
import type { ProxiedApi } from './proxy/proxied-api';
import type { TokenAuth } from './token-auth';

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
  auth: TokenAuth,
  /** The journal, which says who changed a field between two scans; none without it. */
  changeRecords: ChangeRecords | undefined,
): Promise<void> {
  const context: AuditContext = {
    service: audit.service,
    mode: api.kind,
    instance: api.kind === 'embedded' ? "this server's store" : api.upstream.origin,
    keep: audit.keep,
    scanEveryMs: audit.scanEveryMs,
    changeRecords,
  };
  await registerApi(app, {
    prefix: AUDIT_BASE,
    auth,
    routes: (routes) => registerAuditRoutes(routes, context),
  });
}
