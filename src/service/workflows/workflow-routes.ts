import type { FastifyInstance } from 'fastify';
import type { ColumnImpact, MergeGroup, WorkflowPreview } from '../../contract/workflows';
import {
  cleanupRequestSchema,
  columnRequestSchema,
  handoverRequestSchema,
  hiddenNamesRequestSchema,
  mergeGroupRequestSchema,
  mergeRequestSchema,
  remapRequestSchema,
  replaceRequestSchema,
} from '../../contract/workflows';
import type { AuditService } from '../audit/audit-service';
import { parseOrThrow } from '../server/validate';
import { cleanupPlan } from './cleanup-plan';
import { columnImpact } from './column-impact';
import { handoverPlan } from './handover-plan';
import { hiddenNamesPlan } from './hidden-names-plan';
import { mergeGroup, mergePlan } from './merge-plan';
import { remapPreview } from './remap-preview';
import { replacePreview } from './replace-preview';
import { workflowSnapshot } from './workflow-snapshot';

/** The workflows' previews (docs/api.md, "Workflows"): POST with JSON, answered from the audit's copy. */
export function registerWorkflowRoutes(
  api: FastifyInstance,
  service: AuditService,
  { deletesNeedLink, now = Date.now }: { deletesNeedLink: boolean; now?: () => number },
): void {
  const snapshot = () => workflowSnapshot(service, deletesNeedLink);
  api.post('/column-impact', async (request): Promise<ColumnImpact> =>
    columnImpact(await snapshot(), parseOrThrow(columnRequestSchema, request.body)),
  );
  api.post('/remap/preview', async (request): Promise<WorkflowPreview> =>
    remapPreview(await snapshot(), parseOrThrow(remapRequestSchema, request.body)),
  );
  api.post('/replace/preview', async (request): Promise<WorkflowPreview> =>
    replacePreview(await snapshot(), parseOrThrow(replaceRequestSchema, request.body)),
  );
  api.post('/merge/preview', async (request): Promise<WorkflowPreview> =>
    mergePlan(await snapshot(), parseOrThrow(mergeRequestSchema, request.body)),
  );
  api.post('/merge/group', async (request): Promise<MergeGroup> =>
    mergeGroup(await snapshot(), parseOrThrow(mergeGroupRequestSchema, request.body)),
  );
  api.post('/handover/preview', async (request): Promise<WorkflowPreview> =>
    handoverPlan(await snapshot(), parseOrThrow(handoverRequestSchema, request.body)),
  );
  api.post('/cleanup/preview', async (request): Promise<WorkflowPreview> =>
    cleanupPlan(await snapshot(), parseOrThrow(cleanupRequestSchema, request.body), now()),
  );
  api.post('/hidden-names/preview', async (request): Promise<WorkflowPreview> =>
    hiddenNamesPlan(await snapshot(), parseOrThrow(hiddenNamesRequestSchema, request.body)),
  );
}
