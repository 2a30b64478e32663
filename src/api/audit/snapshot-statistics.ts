import type { SnapshotStatisticsAnswer } from '../../contract/audit';
import { AUDIT_BASE, snapshotStatisticsAnswerSchema } from '../../contract/audit';
import { requestJson } from '../http-client';

/** The statistics counted by this server over its latest scan of the instance (docs/audit.md). */
export function getSnapshotStatistics(signal?: AbortSignal): Promise<SnapshotStatisticsAnswer> {
  return requestJson(`${AUDIT_BASE}/statistics`, snapshotStatisticsAnswerSchema, { signal });
}
