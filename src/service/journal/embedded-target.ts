import type { CalculatedField } from '../../contract/field';
import type { FieldChange } from '../../contract/journal';
import { apiPaths } from '../../contract/paths';
import { searchRequestValidation } from '../../contract/search-validation';
import type { WriteOutcome } from '../fields/write-outcome';
import type { FieldsMoved } from '../server/fields-moved';
import { reportMoved } from '../server/fields-moved';
import { isLockOnly } from '../server/routes/bulk-items';
import { refusalBody } from '../server/routes/write-answers';
import type { FieldStore } from '../store/field-store';
import type { JournalTarget, Preview, Sent, SentItem, UpdateOf } from './journal-target';
import { activeCardsOf } from './journal-target';

const MAX_NESTING_LISTED = 1000;

/** Items sent between two looks at a cancel: a few milliseconds of the store's time. */
const ITEMS_PER_SEND = 100;

/**
 * The journal's target in embedded mode: the store's own write functions, the
 * ones its routes call, so locks, derivation, the index and statistics follow.
 * Locks and unlocks go to the store's setLockedMany, one transaction per run of them.
 */
export class EmbeddedTarget implements JournalTarget {
  /** The store takes the recorded id back, so the fields that nested it find it again. */
  readonly restoresWithNewId = false;

  /** The store creates a deleted field again with its id and every property. */
  static readonly deletesNeedLink = false;
  readonly deletesNeedLink = EmbeddedTarget.deletesNeedLink;

  constructor(
    private readonly store: FieldStore,
    private readonly now: () => number,
    private readonly onFieldsMoved?: FieldsMoved,
  ) {}

  async read(ids: readonly number[]): Promise<Map<number, CalculatedField>> {
    const found = new Map<number, CalculatedField>();
    for (const id of ids) {
      const field = this.store.getField(id);
      if (field) found.set(id, field);
    }
    return found;
  }

  async preview(current: CalculatedField, update: UpdateOf): Promise<Preview> {
    const { locked, ...properties } = update;
    // A lock alone derives nothing: the field as it is, locked or not.
    if (Object.keys(properties).length === 0) {
      return { kind: 'after', field: { ...current, locked: locked ?? current.locked } };
    }
    const unlocked = locked === false ? { ...current, locked: false } : current;
    const outcome = this.store.previewUpdate(unlocked, properties, this.now());
    if (outcome.kind === 'refused') return { kind: 'refused', ...outcome.refusal };
    const field = outcome.kind === 'written' ? outcome.field! : outcome.field;
    return { kind: 'after', field: { ...field, locked: locked ?? current.locked } };
  }

  async usage(field: CalculatedField): Promise<{ activeCards: number; nestedBy: number[] }> {
    const page = this.store.search(
      searchRequestValidation.parse({
        filters: [{ field: 'templateDependencies', value: field.id }],
        sort: { field: 'id', ascending: true },
        limit: MAX_NESTING_LISTED,
      }),
    );
    const nestedBy = page.results.map((result) => (JSON.parse(result) as { id: number }).id);
    return { activeCards: activeCardsOf(field), nestedBy };
  }

  readonly itemsPerSend = ITEMS_PER_SEND;

  /** Each run of locks (or unlocks) in one transaction of the store; every other item alone. */
  async send(items: readonly SentItem[]): Promise<Sent[]> {
    const sent: Sent[] = [];
    for (let start = 0; start < items.length;) {
      const locks = lockRunAt(items, start);
      if (locks) {
        sent.push(...this.setLockedMany(locks.ids, locks.locked));
        start += locks.ids.length;
        continue;
      }
      const item = items[start]!;
      sent.push(
        'restore' in item.change
          ? this.restore(item.after!)
          : this.sendOne(item.change, item.before!),
      );
      start += 1;
    }
    return sent;
  }

  private setLockedMany(ids: readonly number[], locked: boolean): Sent[] {
    const fields = this.store.setLockedMany(ids, locked, this.now());
    const changed = fields.filter((field) => field !== undefined);
    if (changed.length > 0) this.onFieldsMoved?.(changed, []);
    return fields.map((after, at) =>
      after ? { kind: 'applied', after } : { kind: 'failed', error: gone(ids[at]!) },
    );
  }

  private sendOne(change: FieldChange, before: CalculatedField): Sent {
    const id = before.id;
    if ('delete' in change) {
      const outcome = this.store.deleteField(id);
      return this.answered(outcome, id, null);
    }
    const { locked, ...properties } = change.update;
    // Unlock before the rest, lock after it: a locked field refuses every other change.
    if (locked === false) this.setLocked(id, false);
    if (Object.keys(properties).length > 0) {
      const guard = { checkSum: before.checkSum, lastModified: before.lastModified };
      const outcome = this.store.updateField(
        id,
        locked === false ? properties : { ...properties, ...guard },
        this.now(),
      );
      if (outcome.kind === 'refused') {
        if (locked === false) this.setLocked(id, true);
        return this.answered(outcome, id, null);
      }
      this.moved(outcome);
    }
    if (locked === true) this.setLocked(id, true);
    const after = this.store.getField(id);
    return after ? { kind: 'applied', after } : { kind: 'failed', error: gone(id) };
  }

  private restore(recorded: CalculatedField): Sent {
    const outcome = this.store.restoreField(recorded);
    return this.answered(outcome, recorded.id, outcome.kind === 'written' ? outcome.field! : null);
  }

  private setLocked(id: number, locked: boolean): void {
    const field = this.store.setLocked(id, locked, this.now());
    if (field) this.onFieldsMoved?.([field], []);
  }

  private answered(outcome: WriteOutcome, id: number, after: CalculatedField | null): Sent {
    if (outcome.kind === 'refused') {
      return { kind: 'failed', error: refusalBody(outcome.refusal, apiPaths.template(id)) };
    }
    this.moved(outcome);
    return { kind: 'applied', after };
  }

  /** Hands what a write changed to the audit's copy, as the write routes do. */
  private moved(outcome: WriteOutcome): void {
    if (outcome.kind === 'written') reportMoved(this.onFieldsMoved, outcome.changes);
  }
}

/** The ids of the items from `start` on that all lock, or all unlock, and change nothing else. */
function lockRunAt(
  items: readonly SentItem[],
  start: number,
): { ids: number[]; locked: boolean } | undefined {
  const lockOf = (item: SentItem | undefined) =>
    item && 'update' in item.change && isLockOnly(item.change.update)
      ? item.change.update.locked
      : undefined;
  const locked = lockOf(items[start]);
  if (locked === undefined) return undefined;
  const ids: number[] = [];
  for (let at = start; lockOf(items[at]) === locked; at += 1) ids.push(items[at]!.before!.id);
  return { ids, locked };
}

function gone(id: number) {
  return refusalBody(
    { status: 404, message: `no calculated field has the id ${id}` },
    apiPaths.template(id),
  );
}
