import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Scan } from '../../../contract/audit';
import { AuditService } from '../audit-service';
import type { AuditServiceOptions } from '../audit-service';
import type { FieldSource } from '../scan/field-source';
import { ScanStartLimit } from '../scan/scan-start-limit';
import { AuditStore } from '../storage/audit-store';
import { openAuditDatabase } from '../storage/open-audit-database';

/** A source that records which fields it was asked to read, telling `onRead` of each. */
export function recordingReads(
  source: FieldSource,
  onRead?: (id: number) => void,
): FieldSource & { reads: number[] } {
  const reads: number[] = [];
  return {
    pageSize: source.pageSize,
    concurrency: source.concurrency,
    counters: source.counters,
    ...(source.startListing && { startListing: source.startListing.bind(source) }),
    listPage: (offset, signal) => source.listPage(offset, signal),
    listingKey: (item) => source.listingKey(item),
    readField: (id, signal) => {
      reads.push(id);
      onRead?.(id);
      return source.readField(id, signal);
    },
    reads,
  };
}

/** An audit service on a temporary audit file; `reopen` opens the same file again, as a restart would. */
export function openTestAudit(
  options: Omit<AuditServiceOptions, 'store' | 'keep'> &
    Partial<Pick<AuditServiceOptions, 'keep'>> & { instanceKey?: string },
) {
  const dir = mkdtempSync(join(tmpdir(), 'cfm-audit-'));
  const file = join(dir, 'audit.sqlite');
  const open = () => {
    const db = openAuditDatabase(file);
    const { instanceKey = 'embedded', ...rest } = options;
    const store = new AuditStore(db, file, instanceKey);
    // Tests scan as often as they need to.
    const scanStartLimit = new ScanStartLimit(Number.POSITIVE_INFINITY);
    const service = new AuditService({ keep: 10, scanStartLimit, ...rest, store });
    return { service, db, store };
  };
  let current = open();
  return {
    file,
    get service() {
      return current.service;
    },
    get store() {
      return current.store;
    },
    /** Runs a scan to its end and answers it as stored. */
    async scan(token?: string): Promise<Scan> {
      const scan = current.service.startScan(token);
      await current.service.scansSettled();
      return current.service.scan(scan.id)!;
    },
    /** Closes the file and opens it again, as a restart would; `meanwhile` may change the file in between. */
    async reopen(meanwhile?: (file: string) => void) {
      await current.service.close();
      current.db.close();
      meanwhile?.(file);
      current = open();
    },
    async close() {
      await current.service.close();
      current.db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
