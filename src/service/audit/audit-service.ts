import type {
  AuditStatus,
  ChangeKind,
  DiffAnswer,
  FieldFindingsAnswer,
  FieldsFindingsAnswer,
  Scan,
  TrendPoint,
} from '../../contract/audit';
import type { CalculatedField } from '../../contract/field';
import type { FieldStamp } from '../../contract/undo-rule';
import type { Authored } from './diff/change-authors';
import type { ScanDiff } from './diff/diff-scans';
import { ScanDiffs } from './diff/scan-diffs';
import { factsOf } from './findings/field-facts';
import type { SeenByScan } from './directory/directory-of-scan';
import type { InstanceDirectory } from './findings/instance-directory';
import { directoryFromJson, directoryJson } from './findings/instance-directory';
import type { NormalizedSearchRequest } from '../../contract/search-validation';
import type { SearchPage } from '../store/search-page';
import type { FieldSource } from './scan/field-source';
import { ScanStartLimit } from './scan/scan-start-limit';
import type { ScanPhaseTimes } from './scan/phase-clock';
import type { ScanHandover } from './scan/scanner';
import { Scanner } from './scan/scanner';
import { searchItemsJson } from './search/search-items-json';
import type { AuditStore } from './storage/audit-store';
import { saveFieldVersion } from './storage/save-field-version';
import type { RetentionPolicy } from './storage/scan-retention';
import { DEFAULT_KEEP_ENDED, DEFAULT_KEEP_MS } from './storage/scan-retention';
import type { ChangedField } from './view/snapshot-view';
import { SnapshotView } from './view/snapshot-view';
import { ListCopy } from './snapshot/list-copy';
import { ListingAhead } from './snapshot/listing-ahead';
import { AuditThread } from './worker/audit-thread';
import type { MadeFindings } from './worker/findings-between-threads';

export interface AuditServiceOptions {
  store: AuditStore;
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
    /** What the scan's fields point at: owners, whose names and status are wanted, and places, whose owners are. */
    seen: SeenByScan,
  ) => Promise<InstanceDirectory | undefined>;
  /** Complete scans that changed something to keep (storage/scan-retention.ts). */
  keep: number;
  /** The rest of the retention policy; the defaults when left out. */
  retention?: Partial<Omit<RetentionPolicy, 'keep'>>;
  /** Scans started on request per token and window; the defaults when left out. */
  scanStartLimit?: ScanStartLimit;
  now?: () => number;
}

/**
 * The audit of one instance (docs/audit.md): its scans, the instance as last seen
 * (one SnapshotView per version), and the changes made through this server since
 * the last scan, which move the view at once so the audit page never waits for a
 * rescan. Callers say what they want; the store and the scanner stay inside.
 */
export class AuditService {
  private readonly store: AuditStore;
  private readonly scanner: Scanner;
  private readonly startLimit: ScanStartLimit;
  private directory: InstanceDirectory | undefined;
  private versionNow = 0;
  private current: SnapshotView | undefined;
  /** Where scans, their findings and diffs are worked out: never this thread. */
  private readonly thread: AuditThread;
  private readonly diffs: ScanDiffs;
  private firstScanTried = false;
  /** The findings the audit's thread is making for the instance as last seen, until they are in. */
  private preparing: Promise<void> = Promise.resolve();
  private preparingFor: SnapshotView | undefined;
  private prepareAgain = false;
  /** Answers the table's searches in proxy mode until the first scan completes. */
  private readonly listCopy: ListCopy;
  /** The running scan's source while it may list, which the list copy may follow. */
  private scanListing: ListingAhead | undefined;
  private readonly stop = new AbortController();
  /** How long each phase of the last scan run to its end took (for the benchmark). */
  private lastPhases: ScanPhaseTimes | undefined;

  constructor(private readonly options: AuditServiceOptions) {
    const { store } = options;
    this.store = store;
    this.thread = new AuditThread({ file: store.file, instanceKey: store.instanceKey });
    this.diffs = new ScanDiffs(store, (from, to) => this.thread.diff(from, to));
    this.startLimit = options.scanStartLimit ?? new ScanStartLimit();
    this.listCopy = new ListCopy(
      (token) => options.openSource(token, () => undefined),
      options.now,
    );
    const kept = store.directory.read();
    this.directory = kept === undefined ? undefined : directoryFromJson(kept);
    this.scanner = new Scanner({
      store,
      openSource: options.openSource,
      needsCallerToken: options.needsCallerToken,
      retention: {
        keep: options.keep,
        keepMs: options.retention?.keepMs ?? DEFAULT_KEEP_MS,
        keepEnded: options.retention?.keepEnded ?? DEFAULT_KEEP_ENDED,
      },
      now: options.now,
      scanToEnd: (scan) => this.scanInThread(scan),
      stopScans: () => this.thread.close(),
    });
  }

  /** True when scans need a caller's token (proxy mode without a token of its own). */
  get needsCallerToken(): boolean {
    return this.options.needsCallerToken;
  }

  /** Moves whenever the instance as last seen changes. */
  get version(): number {
    return this.versionNow;
  }

  /** The latest complete scan, which the instance as last seen starts from. */
  latestScan(): Scan | undefined {
    return this.store.scans.latestComplete();
  }

  /** The instance as last seen; undefined before the first scan completed. */
  view(): SnapshotView | undefined {
    const scan = this.latestScan();
    if (!scan) return undefined;
    if (this.current?.scan.id !== scan.id) this.current = this.viewOfScan(scan);
    return this.current;
  }

  /** What the status route answers of the scans, the file and the view. */
  status(): Omit<AuditStatus, 'mode' | 'instance' | 'keep' | 'scanEveryMs'> {
    const latestScan = this.latestScan();
    const runningScan = this.scanner.current();
    const nextScanAt = this.scanner.nextScanAt();
    return {
      ...(latestScan ? { latestScan } : {}),
      ...(runningScan ? { runningScan } : {}),
      ...(nextScanAt ? { nextScanAt } : {}),
      scanCount: this.store.scans.completeCount(),
      diskBytes: this.store.diskBytes(),
      changesSinceScan: this.view()?.changesSinceScan() ?? 0,
      version: this.version,
    };
  }

  /**
   * The instance as last seen with its findings made, on the audit's thread when they
   * are not (after a start, or a change other than a lock): the one way in for
   * whatever needs the findings, the index of every field or the facts, in either
   * mode. Made on this thread on first use instead, they held it for seconds at
   * 100,000 fields. Undefined before the first scan completed.
   */
  async viewWithFindings(): Promise<SnapshotView | undefined> {
    this.prepareFindings();
    // A change while they were made asks for them again: wait for the newest.
    let awaited: Promise<void>;
    do {
      awaited = this.preparing;
      await awaited;
    } while (awaited !== this.preparing);
    return this.view();
  }

  /**
   * Every finding of the instance as last seen for one field, each traced to its
   * cause; undefined before the first scan completed.
   */
  async fieldFindings(fieldId: number): Promise<FieldFindingsAnswer | undefined> {
    const view = await this.viewWithFindings();
    if (!view) return undefined;
    const findings = view.fieldFindings(fieldId);
    return {
      fieldId,
      scanId: view.scan.id,
      scanFinished: view.scan.finished ?? view.scan.started,
      version: view.version,
      seen: findings !== undefined,
      findings: findings ?? [],
    };
  }

  /** Which findings of the instance as last seen hold each of these fields; undefined before the first scan. */
  async fieldsFindings(fieldIds: readonly number[]): Promise<FieldsFindingsAnswer | undefined> {
    const view = await this.viewWithFindings();
    if (!view) return undefined;
    return {
      scanId: view.scan.id,
      scanFinished: view.scan.finished ?? view.scan.started,
      version: view.version,
      fields: view.fieldsFindingKeys(fieldIds),
    };
  }

  /** The headline numbers of each complete scan kept, oldest first. */
  trend(): TrendPoint[] {
    return this.store.scans.complete().map((scan) => ({
      scanId: scan.id,
      finished: scan.finished ?? scan.started,
      headline: scan.headline!,
    }));
  }

  // --- scans -----------------------------------------------------------------

  /** One scan of this instance; undefined for an unknown id or another instance's. */
  scan(scanId: number): Scan | undefined {
    return this.store.scans.get(scanId);
  }

  /** Scans newest first, a page at a time. */
  scans(offset: number, limit: number): { scans: Scan[]; totalHits: number } {
    return this.store.scans.page(offset, limit);
  }

  /** The running scan, if any. */
  runningScan(): Scan | undefined {
    return this.scanner.current();
  }

  /**
   * A scan asked for by a caller: the one running, or a new one, which counts
   * toward the token's limit (throws TooManyScans).
   */
  startScan(token: string | undefined): Scan {
    const running = this.scanner.current();
    if (running) return running;
    this.startLimit.take(token);
    return this.scanner.start('manual', token);
  }

  /** Cancels a running scan and answers it once it has ended; false when it is not running. */
  async cancelScan(scanId: number): Promise<Scan | undefined> {
    if (!this.scanner.cancel(scanId)) return undefined;
    await this.scanner.settled();
    return this.scan(scanId);
  }

  /** Hears every change of the running scan; answers how to stop. */
  onScanProgress(listener: (scan: Scan) => void): () => void {
    return this.scanner.subscribe(listener);
  }

  /** How long each phase of the last scan that ran to its end took. */
  lastScanPhases(): ScanPhaseTimes | undefined {
    return this.lastPhases;
  }

  /** Resolves when no scan is running. */
  async scansSettled(): Promise<void> {
    await this.scanner.settled();
  }

  /**
   * A caller the instance accepts is here: a scan a restart interrupted, or one the
   * schedule owes, can run now with that caller's token.
   */
  offerToken(token: string | undefined): void {
    this.scanner.offerToken(token);
  }

  /**
   * Runs the first scan (with this caller's token, if one is needed) when none has
   * completed, unless one was already started since the server started: at start
   * in embedded mode, at the first search in proxy mode (docs/audit.md, "Scans").
   */
  ensureFirstScan(token: string | undefined): void {
    this.scanner.offerToken(token);
    if (this.firstScanTried || this.scanner.current() || this.latestScan()) return;
    this.firstScanTried = true;
    this.scanner.start('schedule', token);
  }

  /**
   * Starts the audit's own work when the server starts: finishes a scan a restart
   * interrupted, scans once when there is no scan yet (and no caller's token is
   * needed), and keeps the schedule.
   */
  begin(options: { scanEveryMs?: number; firstScan: boolean }): void {
    this.prepareFindings();
    this.scanner.resumeInterrupted();
    if (options.firstScan && !this.options.needsCallerToken) this.ensureFirstScan(undefined);
    if (options.scanEveryMs !== undefined) this.scanner.scheduleEvery(options.scanEveryMs);
  }

  async close(): Promise<void> {
    this.stop.abort();
    await this.scanner.close();
    await this.thread.close();
  }

  // --- before the first scan ------------------------------------------------------

  /**
   * Lists the instance for the list copy (snapshot/list-copy.ts), once, with this
   * caller's token, and waits up to `waitMs` for it: a small instance is listed that
   * fast, and its very first page is then exact too.
   */
  async startListCopy(token: string | undefined, waitMs: number): Promise<void> {
    // The first search starts the first scan too: a scan that has not listed a page
    // yet lists for both, so the instance is listed once, not twice.
    const ahead = this.scanListing;
    if (ahead?.followable) {
      const follower = this.listCopy.follow(ahead);
      if (follower) ahead.follow(follower);
    }
    this.listCopy.start(token, this.stop.signal);
    await this.listCopy.settled(waitMs);
  }

  /** Whether the list copy is listed and can answer searches. */
  listCopyReady(): boolean {
    return this.listCopy.ready;
  }

  /** A page from the list copy and when its listing started; undefined when it cannot answer. */
  searchListCopy(request: NormalizedSearchRequest): { page: SearchPage; asOf: number } | undefined {
    const page = this.listCopy.search(request);
    return page && { page, asOf: this.listCopy.asOf! };
  }

  // --- changes through this server -------------------------------------------

  /**
   * Fields as the instance answered a change made through this server (a lock, a
   * bulk lock): stored in one transaction, then the instance as last seen and a
   * running scan take them at once.
   */
  fieldsChanged(raws: readonly unknown[]): void {
    const changed = this.store.inTransaction(() =>
      raws.flatMap((raw): ChangedField[] => {
        const saved = saveFieldVersion(this.store, raw);
        if (!saved) return [];
        this.setCurrent(saved.field.id, saved.versionId);
        return [{ fieldId: saved.field.id, after: factsOf(saved.field) }];
      }),
    );
    this.moveView(changed);
    for (const raw of raws) this.listCopy.fieldChanged(raw);
  }

  fieldChanged(raw: unknown): void {
    this.fieldsChanged([raw]);
  }

  /** A field the instance no longer has (seen by the snapshot's refresh): it leaves the instance as last seen. */
  fieldRemoved(fieldId: number): void {
    this.setCurrent(fieldId, undefined);
    this.moveView([{ fieldId, after: undefined }]);
  }

  /** Field id -> the listing digest of its version as last seen. */
  currentListingDigests(): Map<number, string> {
    return this.store.current.listingDigests();
  }

  /** The version of these fields as last seen (check sum and last change); a field not seen is left out. */
  versionsSeen(ids: readonly number[]): Map<number, FieldStamp> {
    const seen = new Map<number, FieldStamp>();
    for (const [id, body] of this.store.current.bodies(ids)) {
      const { checkSum, lastModified } = JSON.parse(body) as CalculatedField;
      seen.set(id, { checkSum, lastModified });
    }
    return seen;
  }

  /** The search results of these fields as last seen, as JSON. */
  searchItems(ids: readonly number[]): string[] {
    return searchItemsJson(this.store.current, ids);
  }

  // --- diffs ------------------------------------------------------------------

  /** What changed from one complete scan to another (computed once while asked for together). */
  diff(from: number, to: number): Promise<ScanDiff> {
    return this.diffs.diff(from, to);
  }

  /** A page of a diff's changes of one kind (or all), each with both states and who made it. */
  diffChanges(
    from: number,
    to: number,
    page: { kind?: ChangeKind; offset: number; limit: number },
    authored: Authored,
  ) {
    return this.diffs.changes(from, to, page, authored);
  }

  /** Every change of a diff as a file, streamed. */
  diffExport(
    answer: DiffAnswer,
    format: 'csv' | 'json',
    authored: Authored,
  ): Promise<AsyncGenerator<string>> {
    return this.diffs.export(answer, format, authored);
  }

  // --- inside -------------------------------------------------------------------

  private setCurrent(fieldId: number, versionId: number | undefined): void {
    this.store.current.set(fieldId, versionId);
    const running = this.scanner.runningScanId();
    if (running !== undefined) this.store.members.replaceIfPresent(running, fieldId, versionId);
  }

  private moveView(changed: readonly ChangedField[]): void {
    if (changed.length === 0) return;
    // One step per field, as single changes of the same fields would move it.
    this.versionNow += changed.length;
    const view = this.current;
    if (!view) return;
    this.current = view.withFieldsChanged(this.versionNow, changed);
    // A change other than a lock makes the next findings seconds of work at 100,000
    // fields: made on the audit's thread from its file, which has the change already.
    if (this.current.needsFindings()) this.prepareFindings();
  }

  private viewOfScan(scan: Scan, made?: MadeFindings): SnapshotView {
    const findings = made && {
      ...made.findings,
      expressions: (ids: readonly number[]) => this.store.current.expressions(ids),
    };
    return SnapshotView.ofScan(
      this.versionNow,
      scan,
      { store: this.store, directory: this.directory },
      findings && { findings, summary: made.summary, wholeIndex: made.wholeIndex },
    );
  }

  /** Reads the names and columns again; true when they changed. */
  private async refreshDirectory(
    token: string | undefined,
    signal: AbortSignal,
    seen: SeenByScan,
  ): Promise<boolean> {
    let directory: InstanceDirectory | undefined;
    try {
      directory = await this.options.loadDirectory(token, signal, seen);
    } catch (error) {
      // Names are a courtesy: without them the findings show ids, as before.
      if (signal.aborted) throw error;
      return false;
    }
    if (!directory) return false;
    const json = directoryJson(directory);
    const changed = json !== this.store.directory.read();
    this.directory = directory;
    this.store.directory.save(json, (this.options.now ?? Date.now)());
    return changed;
  }

  /**
   * Has the findings of the instance as last seen made on the audit's thread when they
   * are not (viewWithFindings waits for them). A view that changed or made them itself
   * meanwhile keeps its own; a job that failed leaves them to be made on first use.
   */
  private prepareFindings(): void {
    const view = this.view();
    if (!view || view.madeFindings()) return;
    // One job at a time: changes during it (a bulk edit's batches) ask once more after it.
    if (this.preparingFor) {
      if (this.preparingFor !== view) this.prepareAgain = true;
      return;
    }
    this.preparingFor = view;
    this.preparing = this.thread
      .findings()
      .then(
        (found) => {
          if (this.current !== view || view.madeFindings()) return;
          this.current = this.viewOfScan(view.scan, found);
        },
        // Made on first use instead.
        () => undefined,
      )
      .finally(() => {
        this.preparingFor = undefined;
        if (this.prepareAgain) {
          this.prepareAgain = false;
          this.prepareFindings();
        }
      });
  }

  /**
   * A scan run in the audit's thread (scan/scan-to-end.ts): what it asks of the
   * instance as last seen is answered here, and its findings become the view's.
   */
  private async scanInThread(scan: ScanHandover): Promise<void> {
    const { scanId, token, signal } = scan;
    // Only a source the worker reads through this thread can be followed: the store's
    // file (embedded) it reads itself, and no list copy is needed there.
    const followable =
      scan.source.storeFile === undefined && this.store.scans.get(scanId)?.phase === 'listing';
    const ahead = followable ? new ListingAhead(scan.source) : undefined;
    this.scanListing = ahead;
    const scanned = this.thread.scan({
      scanId,
      source: ahead ?? scan.source,
      signal,
      retention: scan.retention,
      hooks: {
        onProgress: scan.onProgress,
        refreshDirectory: (seen) => this.refreshDirectory(token, signal, seen),
        // Only findings already made: making them here would hold this thread for seconds.
        headlineAsLastSeen: async () => this.current?.madeFindings()?.headline,
        completed: async (found) => this.scanCompleted(this.store.scans.get(scanId)!, found),
      },
    });
    try {
      this.lastPhases = await scanned;
    } finally {
      ahead?.ended();
      if (this.scanListing === ahead) this.scanListing = undefined;
    }
  }

  private scanCompleted(scan: Scan, found: MadeFindings | 'as-last-seen'): void {
    this.versionNow += 1;
    // Searches are answered from the scan's snapshot from now on.
    this.listCopy.release();
    if (found === 'as-last-seen' && this.current) {
      this.current = this.current.withScan(this.versionNow, scan);
    } else {
      // The instance as last seen is now the scan's snapshot.
      this.current = this.viewOfScan(scan, found === 'as-last-seen' ? undefined : found);
    }
    // Taken as last seen after a change that left the findings to be made.
    this.prepareFindings();
  }
}
