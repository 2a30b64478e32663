import type { FieldFacts } from '../audit/findings/field-facts';
import type { Findings } from '../audit/findings/compute-findings';
import type { InstanceDirectory } from '../audit/findings/instance-directory';
import { cardTitleIn, dataSourceNameIn } from '../audit/findings/instance-directory';
import type { AuditService } from '../audit/audit-service';
import { NO_SCAN_YET } from '../../contract/no-scan-yet';
import { ApiError } from '../server/api-error';

/** What every preview reads: the audit's copy of the instance as last seen. */
export interface WorkflowSnapshot {
  /** By field id, ascending. */
  fields: ReadonlyMap<number, FieldFacts>;
  /** Field id -> the other fields that nest it. */
  nestedBy: ReadonlyMap<number, readonly number[]>;
  directory?: InstanceDirectory;
  expressions: (ids: readonly number[]) => ReadonlyMap<number, string>;
  findings: Findings;
  /** A proxy's: production creates a field again only with a link, so deleting one without can't be undone. */
  deletesNeedLink: boolean;
}

/** The snapshot, or a 404 saying a scan must complete first. */
export async function workflowSnapshot(
  service: AuditService,
  deletesNeedLink: boolean,
): Promise<WorkflowSnapshot> {
  const view = await service.viewWithFindings();
  if (!view) throw new ApiError(404, NO_SCAN_YET);
  const findings = view.findings();
  return {
    fields: findings.fields,
    nestedBy: findings.references.referencedBy,
    directory: findings.directory,
    expressions: findings.expressions,
    findings,
    deletesNeedLink,
  };
}

export function ownerName(snapshot: WorkflowSnapshot, owner: number): string {
  return snapshot.directory?.owners.get(owner) ?? `user ${owner}`;
}

export function dataSourceName(snapshot: WorkflowSnapshot, id: string): string {
  return dataSourceNameIn(snapshot.directory, id) ?? `data source ${id}`;
}

export function cardTitle(snapshot: WorkflowSnapshot, id: string): string {
  return cardTitleIn(snapshot.directory, id) ?? `card ${id}`;
}
