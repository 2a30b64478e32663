import type { Scan, ScanTrigger } from '../../../contract/audit';
import type { AuditStore } from '../storage/audit-store';
import type { RetentionPolicy } from '../storage/scan-retention';
import type { FieldSource } from './field-source';

/** A scan handed over to be run to its end (scan-to-end.ts, in the audit's worker thread). */
export interface ScanHandover {
  scanId: number;
  /** The scan's token, for what the scan asks of the instance besides its fields (names). */
  token: string | undefined;
  source: FieldSource;
  /** Aborted when a user cancels the scan. */
  signal: AbortSignal;
  retention: RetentionPolicy;
  onProgress: () => void;
}

export interface ScannerOptions {
  store: AuditStore;
  /**
   * A source reading the instance. In proxy mode without a token of its own the
   * server scans with the token of the caller who asked, so `token` is that one.
   * `onWait` hears what the source waits for (an instance asking to slow down).
   */
  openSource: (
    token: string | undefined,
    onWait: (message: string | undefined) => void,
  ) => FieldSource;
  /** True when a scan cannot start without a caller's token (proxy mode, no token held). */
  needsCallerToken: boolean;
  /**
   * Runs a scan to its end: completed, cancelled or failed, then pruned. Rejects
   * when `stopScans` stopped it, which leaves it to resume at the next start.
   */
  scanToEnd: (scan: ScanHandover) => Promise<void>;
  /** Stops the running scan at once, as the server stops. */
  stopScans: () => Promise<void>;
  /** Which finished scans to keep; the others are deleted with the versions only they used. */
  retention: RetentionPolicy;
  now?: () => number;
}

const PROGRESS_EVERY_MS = 250;

/**
 * Runs the scans of one instance, one at a time: on demand, on a schedule, and to
 * finish one that a restart interrupted. Listeners hear every change of progress.
 */
export class Scanner {
  private running: { scanId: number; controller: AbortController; done: Promise<void> } | undefined;
  private readonly listeners = new Set<(scan: Scan) => void>();
  private scheduleTimer: NodeJS.Timeout | undefined;
  private everyMs: number | undefined;
  /** A scheduled scan fell due while no caller's token was at hand. */
  private due = false;
  private closed = false;
  private progressToldAt = -Infinity;

  constructor(private readonly options: ScannerOptions) {}

  private get now() {
    return this.options.now ?? Date.now;
  }

  /** Starts a scan, or answers the one already running (or resumes one a restart interrupted). */
  start(trigger: ScanTrigger, token?: string): Scan {
    const { scans } = this.options.store;
    if (this.running) return scans.get(this.running.scanId)!;
    const scan = scans.running() ?? scans.create(trigger, this.now());
    this.launch(scan.id, token);
    return scans.get(scan.id)!;
  }

  /** The id of the scan in progress, if any: cheaper than `current()`, which counts its members. */
  runningScanId(): number | undefined {
    return this.running?.scanId;
  }

  /** The scan in progress, if any. */
  current(): Scan | undefined {
    return this.running && this.options.store.scans.get(this.running.scanId);
  }

  /** Stops the running scan; its partial snapshot is dropped. False when it is not running. */
  cancel(scanId: number): boolean {
    if (this.running?.scanId !== scanId) return false;
    this.running.controller.abort();
    return true;
  }

  /** Resolves when the running scan (if any) has ended, however it ended. */
  async settled(): Promise<void> {
    await this.running?.done;
  }

  subscribe(listener: (scan: Scan) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * A caller the instance accepts is here: a scan a restart interrupted, or a
   * scheduled one that fell due, can run now with that caller's token.
   */
  offerToken(token: string | undefined): void {
    if (this.running || this.closed) return;
    const interrupted = this.options.store.scans.running();
    if (interrupted) this.launch(interrupted.id, token);
    else if (this.due) {
      this.due = false;
      this.start('schedule', token);
    }
  }

  /** Resumes an interrupted scan at start-up when no caller's token is needed. */
  resumeInterrupted(): void {
    if (!this.options.needsCallerToken) this.offerToken(undefined);
  }

  /**
   * Scans every `everyMs`, counted from the start of the last scan, so a restart
   * neither scans at once nor skips one that is overdue.
   */
  scheduleEvery(everyMs: number): void {
    this.everyMs = everyMs;
    const tick = () => {
      if (this.closed) return;
      const last = this.options.store.scans.latest();
      const dueAt = (last?.started ?? 0) + everyMs;
      const wait = dueAt - this.now();
      if (wait <= 0 && !this.running) {
        if (this.options.needsCallerToken) this.due = true;
        else this.start('schedule');
      }
      // Checked again at most every minute, so a changed clock is noticed soon.
      this.scheduleTimer = setTimeout(tick, Math.min(Math.max(wait, 1000), 60_000));
      this.scheduleTimer.unref();
    };
    tick();
  }

  /** When the next scheduled scan is due; undefined without a schedule. */
  nextScanAt(): number | undefined {
    if (this.everyMs === undefined) return undefined;
    const last = this.options.store.scans.latest();
    return (last?.started ?? this.now()) + this.everyMs;
  }

  /** Stops the schedule and the running scan, which resumes when the server starts again. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.scheduleTimer);
    await this.options.stopScans();
    await this.settled();
  }

  /**
   * Progress is told at most every PROGRESS_EVERY_MS: telling it reads the scan, which
   * counts its members so far (a third of a full scan's time at 100,000 fields when
   * told after every page).
   */
  private emitProgress(scanId: number): void {
    const now = performance.now();
    if (this.listeners.size === 0 || now - this.progressToldAt < PROGRESS_EVERY_MS) return;
    this.progressToldAt = now;
    this.emit(scanId);
  }

  private emit(scanId: number): void {
    // Reading a running scan counts its members (up to every field): not for nobody.
    if (this.listeners.size === 0) return;
    const scan = this.options.store.scans.get(scanId);
    if (!scan) return;
    for (const listener of this.listeners) listener(scan);
  }

  private launch(scanId: number, token: string | undefined): void {
    const { store, retention } = this.options;
    const controller = new AbortController();
    const source = this.options.openSource(token, (message) => {
      store.scans.setMessage(scanId, message);
      this.emit(scanId);
    });
    const run = async () => {
      try {
        await this.options.scanToEnd({
          scanId,
          token,
          source,
          signal: controller.signal,
          retention,
          onProgress: () => this.emitProgress(scanId),
        });
      } catch {
        // Stopped with the server (or its thread was lost): the scan is left as it
        // stands, and resumes at the next start (or the next token offered).
      } finally {
        this.running = undefined;
        this.emit(scanId);
      }
    };
    this.running = { scanId, controller, done: Promise.resolve() };
    this.running.done = run();
    this.emit(scanId);
  }
}
