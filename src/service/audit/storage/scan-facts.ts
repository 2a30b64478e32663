import type { AuditDb } from './open-audit-database';

/**
 * Bytes written a transaction at a time: the request thread's writes wait at most
 * for one part (about 50 ms), not for the whole (over 100 MB at 1,000,000 fields).
 */
const PART_BYTES = 16 * 1024 * 1024;

/**
 * The facts of a scan's snapshot as its findings loaded them, in one encoded block
 * (`scan_facts`, split in parts of PART_BYTES): the next scan starts from them and
 * reads only the facts of the fields that changed since (findings/snapshot-facts.ts).
 * Only the latest complete scan's and the running one's are kept.
 */
export class ScanFactsBlocks {
  private readonly statements;

  constructor(
    private readonly db: AuditDb,
    private readonly instanceId: number,
  ) {
    this.statements = {
      insert: db.prepare<[number, number, number, number, Buffer]>(
        'INSERT OR REPLACE INTO scan_facts (scan_id, part, parts, format, bytes) VALUES (?, ?, ?, ?, ?)',
      ),
      parts: db.prepare<[number, number], { parts: number; bytes: Buffer }>(
        'SELECT parts, bytes FROM scan_facts WHERE scan_id = ? AND format = ? ORDER BY part',
      ),
      drop: db.prepare<[number]>('DELETE FROM scan_facts WHERE scan_id = ?'),
      dropAllBut: db.prepare<[number, number, number]>(
        `DELETE FROM scan_facts WHERE scan_id IN (SELECT id FROM scans WHERE instance_id = ?)
         AND scan_id NOT IN (?, ?)`,
      ),
    };
  }

  /** The block written for the scan in this format; undefined when none is whole. */
  read(scanId: number, format: number): Buffer | undefined {
    const rows = this.statements.parts.all(scanId, format);
    if (rows.length === 0 || rows.length !== rows[0]!.parts) return undefined;
    return rows.length === 1 ? rows[0]!.bytes : Buffer.concat(rows.map((row) => row.bytes));
  }

  /**
   * Keeps the block of a scan, a part per transaction, and lets go the blocks of
   * every scan but this one and `keptScanId` (the scan it was made from). A block
   * cut short by a crash has fewer parts than it says, and is not read.
   */
  write(scanId: number, format: number, bytes: Uint8Array, keptScanId: number): void {
    const parts = Math.max(1, Math.ceil(bytes.byteLength / PART_BYTES));
    this.inTransaction(() => {
      this.statements.dropAllBut.run(this.instanceId, scanId, keptScanId);
      this.statements.drop.run(scanId);
    });
    for (let part = 0; part < parts; part += 1) {
      const slice = bytes.subarray(part * PART_BYTES, (part + 1) * PART_BYTES);
      const chunk = Buffer.from(slice.buffer, slice.byteOffset, slice.byteLength);
      this.inTransaction(() => this.statements.insert.run(scanId, part, parts, format, chunk));
    }
  }

  private inTransaction(work: () => void): void {
    this.db.transaction(work).immediate();
  }
}
