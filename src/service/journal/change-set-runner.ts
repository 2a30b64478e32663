import { setImmediate as nextTurn } from 'node:timers/promises';
import { apiPaths } from '../../contract/paths';
import { errorBody } from '../server/api-error';
import type { ItemOutcome, JournalStore, StaleItem, StoredItem } from './journal-store';
import type { JournalTarget, Sent, SentItem } from './journal-target';
import { resolveRepoint } from './repoint';
import { seenOf, staleSinceDryRun } from './stale-since-dry-run';

/**
 * Runs recorded sets in the background, batch by batch, recording each item's
 * outcome as it completes, so progress can be read while it runs and a kill
 * leaves every finished item recorded.
 */
export class ChangeSetRunner {
  private readonly running = new Map<number, Promise<void>>();
  private readonly cancelled = new Set<number>();

  constructor(
    private readonly store: JournalStore,
    private readonly now: () => number,
    private readonly onFinished: (id: number) => void = () => {},
  ) {}

  isRunning(id: number): boolean {
    return this.running.has(id);
  }

  /**
   * Runs a set's pending items against `target`, which holds the caller's token while
   * it runs. A set confirmed from a dry run, or a retry of failed items (`sinceDryRun`),
   * reads each batch's fields just before sending it, and skips those changed since
   * the items' before.
   */
  start(id: number, target: JournalTarget, options: { sinceDryRun?: boolean } = {}): void {
    if (this.running.has(id)) return;
    this.cancelled.delete(id);
    this.running.set(
      id,
      this.run(id, target, options.sinceDryRun ?? false).finally(() => {
        this.running.delete(id);
        this.onFinished(id);
      }),
    );
  }

  /** Stops a running set after the batch in flight; false when it is not running. */
  cancel(id: number): boolean {
    if (!this.running.has(id)) return false;
    this.cancelled.add(id);
    return true;
  }

  /** Resolves once every running set has stopped. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running.values());
  }

  private async run(id: number, target: JournalTarget, sinceDryRun: boolean): Promise<void> {
    const pending = this.store.items(id).filter((item) => item.state === 'pending');
    // The cancel is looked at, and the event loop turns, between two sends.
    for (let start = 0; start < pending.length;) {
      if (this.cancelled.has(id)) {
        this.store.setState(id, 'cancelled', this.now());
        return;
      }
      const next = pending.slice(start, start + target.itemsPerSend);
      start += next.length;
      const batch = sinceDryRun ? await this.asPlanned(id, target, next) : next;
      await this.sendAndRecord(id, target, batch.filter(isSendable));
      // A repoint names the id its restore answered: sent after the rest of its batch.
      const ready: Sendable[] = [];
      for (const item of batch.filter((item) => !isSendable(item))) {
        const resolved = await resolveRepoint(this.store, id, target, item);
        if ('item' in resolved) ready.push(resolved.item);
        else
          this.store.recordOutcomes(id, [{ position: item.position, outcome: resolved.outcome }]);
      }
      await this.sendAndRecord(id, target, ready);
      await nextTurn();
    }
    this.store.setState(id, 'done', this.now());
  }

  /**
   * The items of a batch still as their dry run read them; the others are recorded
   * skipped, with the field as it is now, before anything of the batch is sent. A
   * batch whose fields could not be read is sent nothing: its items fail, for a retry.
   */
  private async asPlanned(
    id: number,
    target: JournalTarget,
    batch: readonly StoredItem[],
  ): Promise<StoredItem[]> {
    let stale: StaleItem[];
    try {
      stale = await staleSinceDryRun(target, batch.map(seenOf));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const message = `no answer from the instance to the read before sending: ${reason}. Nothing was sent; retry sends it`;
      this.store.recordOutcomes(
        id,
        batch.map((item) => ({
          position: item.position,
          outcome: {
            state: 'failed',
            error: errorBody(502, message, apiPaths.template(item.fieldId)),
          },
        })),
      );
      return [];
    }
    this.store.recordStale(id, stale);
    const skipped = new Set(stale.map((item) => item.position));
    return batch.filter((item) => !skipped.has(item.position));
  }

  private async sendAndRecord(id: number, target: JournalTarget, batch: readonly Sendable[]) {
    if (batch.length === 0) return;
    const outcomes = await sendBatch(target, batch);
    this.store.recordOutcomes(
      id,
      batch.map((item, index) => ({ position: item.position, outcome: outcomes[index]! })),
    );
  }
}

type Sendable = StoredItem & SentItem;

function isSendable(item: StoredItem): item is Sendable {
  return !('repoint' in item.change);
}

async function sendBatch(
  target: JournalTarget,
  batch: readonly Sendable[],
): Promise<ItemOutcome[]> {
  let sent: Sent[];
  try {
    sent = await target.send(batch);
  } catch (error) {
    // The instance may have applied part of the batch before it stopped answering
    // (a bulk call sent, its read-back cut off): only reading the fields back can say.
    const reason = error instanceof Error ? error.message : String(error);
    const message = `no answer from the instance: ${reason}. It may have applied this; Check against the instance reads it back`;
    return batch.map((item) => ({
      state: 'unknown',
      error: errorBody(502, message, apiPaths.template(item.fieldId)),
    }));
  }
  return sent.map((outcome): ItemOutcome => {
    if (outcome.kind === 'applied') {
      return { state: 'applied', after: outcome.after, newId: outcome.newId };
    }
    if (outcome.kind === 'failed') return { state: 'failed', error: outcome.error };
    return { state: 'unknown' };
  });
}
