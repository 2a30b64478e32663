import type { Scan } from '../../contract/audit';
import type { Findings } from './findings/compute-findings';
import { computeFindings } from './findings/compute-findings';
import { CurrentFindings } from './findings/current-findings';
import { factsOf } from './findings/field-facts';
import type { InstanceDirectory } from './findings/instance-directory';
import { loadFacts } from './findings/load-facts';
import type { FieldSource } from './scan/field-source';
import { Scanner } from './scan/scanner';
import type { AuditStore } from './storage/audit-store';
import { saveFieldVersion } from './storage/save-field-version';

export interface AuditServiceOptions {
  store: AuditStore;
  /** Names the instance audited: `embedded`, or the instance's address in proxy mode. */
  instanceKey: string;
  openSource: (token: string | undefined, onWait: (message: string | undefined) => void) => FieldSource;
  needsCallerToken: boolean;
  directory: () => InstanceDirectory | undefined;
  /** Complete scans to keep. */
  keep: number;
  now?: () => number;
}

/**
 * The audit of one instance (docs/audit.md): its scans, the findings of the
 * instance as last seen, and the changes made through this server since the last
 * scan, which are applied at once so the audit page never waits for a rescan.
 */
export class AuditService {
  readonly instanceId: number;
  readonly scanner: Scanner;
  private readonly current: CurrentFindings;
  private findingsOfScan: { scanId: number; findings: Findings } | undefined;

  constructor(private readonly options: AuditServiceOptions) {
    const { store } = options;
    this.instanceId = store.instanceId(options.instanceKey);
    this.current = new CurrentFindings(store, this.instanceId, options.directory);
    this.scanner = new Scanner({
      store,
      instanceId: this.instanceId,
      openSource: options.openSource,
      needsCallerToken: options.needsCallerToken,
      keep: options.keep,
      now: options.now,
      summarize: (scanId) => this.computeScanFindings(scanId).headline,
      onComplete: (scan) => this.scanCompleted(scan),
    });
  }

  get store(): AuditStore {
    return this.options.store;
  }

  /** The latest complete scan, which the current findings start from. */
  latestScan(): Scan | undefined {
    return this.store.latestCompleteScan(this.instanceId);
  }

  /** Findings of the instance as last seen; undefined before the first scan completed. */
  findings(): Findings | undefined {
    if (!this.latestScan()) return undefined;
    return this.current.findings();
  }

  /** Moves whenever the current findings change. */
  get version(): number {
    return this.current.version;
  }

  /** Findings of one scan's snapshot, as it was. */
  findingsOf(scanId: number): Findings {
    if (this.findingsOfScan?.scanId === scanId) return this.findingsOfScan.findings;
    return this.computeScanFindings(scanId);
  }

  /**
   * A field as the instance answered a change made through this server (a lock):
   * the instance as last seen, and a running scan, take it at once.
   */
  fieldChanged(raw: unknown): void {
    const saved = saveFieldVersion(this.store, this.instanceId, raw);
    if (!saved) return;
    this.store.setCurrent(this.instanceId, saved.field.id, saved.versionId);
    const running = this.scanner.current();
    if (running) this.store.replaceMemberIfPresent(running.id, saved.field.id, saved.versionId);
    this.current.apply(saved.field.id, factsOf(saved.field));
  }

  /** The directory changed (names, columns): findings are computed again when next asked for. */
  directoryChanged(): void {
    this.current.changed();
  }

  async close(): Promise<void> {
    await this.scanner.close();
  }

  private computeScanFindings(scanId: number): Findings {
    const facts = loadFacts(this.store, this.store.scanFacts(scanId));
    const findings = computeFindings(facts, this.options.directory());
    this.findingsOfScan = { scanId, findings };
    return findings;
  }

  private scanCompleted(scan: Scan): void {
    const findings = this.findingsOf(scan.id);
    this.current.replace([...findings.fields.values()], findings);
  }
}
