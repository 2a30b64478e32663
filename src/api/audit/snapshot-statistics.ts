import type { SnapshotStatisticsAnswer } from '../../contract/audit';
import { AUDIT_BASE } from '../../contract/audit-paths';
import { requestJson } from '../http-client';
import { auditSchema } from './audit-schema';

/** The statistics counted by this server over its latest scan of the instance (docs/audit.md). */
export function getSnapshotStatistics(signal?: AbortSignal): Promise<SnapshotStatisticsAnswer> {
  return requestJson(`${AUDIT_BASE}/statistics`, auditSchema('snapshotStatisticsAnswerSchema'), {
    signal,
  });
}
