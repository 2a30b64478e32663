import type { FastifyInstance } from 'fastify';
import { presentedToken } from '../../server/token-auth';
import type { AuditContext } from './audit-context';
import { registerDiffRoutes } from './diff-routes';
import { registerFindingsRoutes } from './findings-routes';
import { registerFunctionsRoute } from './functions-route';
import { registerScanRoutes } from './scan-routes';

/** Every route of the audit API, relative to its base path (docs/audit.md, "API"). */
export function registerAuditRoutes(api: FastifyInstance, context: AuditContext): void {
  // A caller the instance accepts can resume a scan a restart interrupted, or run one the schedule owes.
  api.addHook('preHandler', async (request) => {
    context.service.offerToken(presentedToken(request) || undefined);
  });
  registerScanRoutes(api, context);
  registerFindingsRoutes(api, context);
  registerFunctionsRoute(api, context);
  registerDiffRoutes(api, context);
}
