import type { AuditService } from '../audit-service';
import type { ChangeRecords } from '../diff/change-authors';

/** What the audit's routes share: the service, and what the status reports about the server. */
export interface AuditContext {
  service: AuditService;
  mode: 'embedded' | 'proxy';
  /** What is audited, in words: this server's store, or the instance's address. */
  instance: string;
  keep: number;
  scanEveryMs?: number;
  /** The journal's applied changes, which say who changed a field between two scans. */
  changeRecords?: ChangeRecords;
}
