import type { Scan } from '../../contract/audit';
import type { ScanDiff } from './diff/diff-scans';
import { diffScans } from './diff/diff-scans';
import type { Findings } from './findings/compute-findings';
import { computeFindings } from './findings/compute-findings';
import type { FieldChange } from './findings/current-findings';
import { CurrentFindings } from './findings/current-findings';
import { factsOf } from './findings/field-facts';
import type { FieldFacts } from './findings/field-facts';
import type { InstanceDirectory } from './findings/instance-directory';
import { directoryFromJson, directoryJson } from './findings/instance-directory';
import { loadFacts } from './findings/load-facts';
import type { FieldSource } from './scan/field-source';
import { Scanner } from './scan/scanner';
import type { AuditStore } from './storage/audit-store';
import { saveFieldVersion } from './storage/save-field-version';

export interface AuditServiceOptions {
  store: AuditStore;
  /** Names the instance audited: `embedded`, or the instance's address in proxy mode. */
  instanceKey: string;
  openSource: (
    token: string | undefined,
    onWait: (message: string | undefined) => void,
  ) => FieldSource;
  needsCallerToken: boolean;
  /**
   * Names and columns, read when a scan completes (with that scan's token);
   * undefined when the instance does not offer them.
   */
  loadDirectory: (
    token: string | undefined,
    signal: AbortSignal,
    /** The owners of the scan's fields, whose names and status are wanted. */
    ownerIds: readonly number[],
  ) => Promise<InstanceDirectory | undefined>;
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
  private directory: InstanceDirectory | undefined;
  private readonly diffs = new Map<string, ScanDiff>();
  private changes: { version: number; scanId: number; count: number } | undefined;

  constructor(private readonly options: AuditServiceOptions) {
    const { store } = options;
    this.instanceId = store.instanceId(options.instanceKey);
    const kept = store.directory(this.instanceId);
    this.directory = kept === undefined ? undefined : directoryFromJson(kept);
    this.current = new CurrentFindings(store, this.instanceId, () => this.directory);
    this.scanner = new Scanner({
      store,
      instanceId: this.instanceId,
      openSource: options.openSource,
      needsCallerToken: options.needsCallerToken,
      keep: options.keep,
      now: options.now,
      summarize: async (scanId, token, signal) => {
        const facts = loadFacts(this.store, this.store.scanFacts(scanId));
        const owners = [...new Set(facts.map((field) => field.owner))];
        await this.refreshDirectory(token, signal, owners);
        return this.computeScanFindings(scanId, facts).headline;
      },
      onComplete: (scan) => this.scanCompleted(scan),
    });
  }

  /** True when scans need a caller's token (proxy mode without a token of its own). */
  get needsCallerToken(): boolean {
    return this.options.needsCallerToken;
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

  /** The fields changed since `version`, or undefined when not known (CurrentFindings.changesSince). */
  changesSince(version: number): FieldChange[] | undefined {
    return this.current.changesSince(version);
  }

  /** Findings of one scan's snapshot, as it was. */
  private findingsOf(scanId: number): Findings {
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
    const running = this.scanner.runningScanId();
    if (running !== undefined)
      this.store.replaceMemberIfPresent(running, saved.field.id, saved.versionId);
    this.current.apply(saved.field.id, factsOf(saved.field));
  }

  /** Many fields changed by one request (a bulk lock): their versions are written in one transaction. */
  fieldsChanged(raws: readonly unknown[]): void {
    this.store.inTransaction(() => {
      for (const raw of raws) this.fieldChanged(raw);
    });
  }

  /** A field the instance no longer has (seen by the snapshot's refresh): it leaves the instance as last seen. */
  fieldRemoved(fieldId: number): void {
    this.store.setCurrent(this.instanceId, fieldId, undefined);
    const running = this.scanner.runningScanId();
    if (running !== undefined) this.store.replaceMemberIfPresent(running, fieldId, undefined);
    this.current.apply(fieldId, undefined);
  }

  /** The facts of every field as last seen, by id; empty before the first scan completed. */
  currentFacts(): ReadonlyMap<number, FieldFacts> {
    if (!this.latestScan()) return new Map();
    return this.current.fieldFacts();
  }

  /** Fields that differ between the latest scan and the instance as last seen. */
  changesSinceScan(): number {
    const latest = this.latestScan();
    if (!latest) return 0;
    const cached = this.changes;
    if (cached?.version === this.version && cached.scanId === latest.id) return cached.count;
    const count = this.store.changesSince(this.instanceId, latest.id);
    this.changes = { version: this.version, scanId: latest.id, count };
    return count;
  }

  /** What changed from one complete scan to another; the last few are kept. */
  diff(from: number, to: number): ScanDiff {
    const key = `${from} ${to}`;
    const cached = this.diffs.get(key);
    if (cached) return cached;
    const diff = diffScans(this.store, this.store.scanVersions(from), this.store.scanVersions(to), {
      from,
      to,
    });
    this.diffs.set(key, diff);
    while (this.diffs.size > 4) this.diffs.delete(this.diffs.keys().next().value!);
    return diff;
  }

  /** Names and columns as last read; undefined when the instance offers none. */
  names(): InstanceDirectory | undefined {
    return this.directory;
  }

  /**
   * Starts the audit's own work when the server starts: finishes a scan a restart
   * interrupted, scans once when there is no scan yet (and no caller's token is
   * needed), and keeps the schedule.
   */
  begin(options: { scanEveryMs?: number; firstScan: boolean }): void {
    this.scanner.resumeInterrupted();
    if (options.firstScan && !this.scanner.current() && !this.latestScan()) {
      this.scanner.start('schedule');
    }
    if (options.scanEveryMs !== undefined) this.scanner.scheduleEvery(options.scanEveryMs);
  }

  async close(): Promise<void> {
    await this.scanner.close();
  }

  private async refreshDirectory(
    token: string | undefined,
    signal: AbortSignal,
    ownerIds: readonly number[],
  ): Promise<void> {
    let directory: InstanceDirectory | undefined;
    try {
      directory = await this.options.loadDirectory(token, signal, ownerIds);
    } catch (error) {
      // Names are a courtesy: without them the findings show ids, as before.
      if (signal.aborted) throw error;
      return;
    }
    if (!directory) return;
    this.directory = directory;
    this.store.saveDirectory(
      this.instanceId,
      directoryJson(directory),
      (this.options.now ?? Date.now)(),
    );
  }

  private computeScanFindings(
    scanId: number,
    facts = loadFacts(this.store, this.store.scanFacts(scanId)),
  ): Findings {
    const findings = computeFindings(
      facts,
      (ids) => this.store.scanExpressions(scanId, ids),
      this.directory,
    );
    this.findingsOfScan = { scanId, findings };
    return findings;
  }

  private scanCompleted(scan: Scan): void {
    const findings = this.findingsOf(scan.id);
    // The instance as last seen now starts from this scan and reads from it alone,
    // so the findings of the scan are not kept twice once a change replaces them.
    this.findingsOfScan = undefined;
    this.current.replace([...findings.fields.values()], findings);
  }
}
