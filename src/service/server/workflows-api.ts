import type { FastifyInstance } from 'fastify';
import { WORKFLOWS_BASE } from '../../contract/workflows';
import type { AuditService } from '../audit/audit-service';
import { registerWorkflowRoutes } from '../workflows/workflow-routes';
import { registerApi } from './api-plugin';
import type { TokenAuth } from './token-auth';

/**
 * The workflows' previews under their own base path, behind the same tokens as the API.
 * `deletesNeedLink` as the journal's target says (restorable.ts, `deleteRefusal`).
 */
export async function registerWorkflowsApi(
  app: FastifyInstance,
  service: AuditService,
  auth: TokenAuth,
  deletesNeedLink: boolean,
): Promise<void> {
  await registerApi(app, {
    prefix: WORKFLOWS_BASE,
    auth,
    routes: (routes) => registerWorkflowRoutes(routes, service, { deletesNeedLink }),
  });
}
