import type { CalculatedField } from '../../contract/field';
import type { FieldChange } from '../../contract/journal';
import { apiPaths } from '../../contract/paths';
import { searchRequestValidation } from '../../contract/search-validation';
import type { WriteOutcome } from '../fields/write-outcome';
import type { FieldsMoved } from '../server/fields-moved';
import { reportMoved } from '../server/fields-moved';
import { refusalBody } from '../server/routes/write-answers';
import type { FieldStore } from '../store/field-store';
import type { JournalTarget, Preview, Sent, SentItem, UpdateOf } from './journal-target';
import { activeCardsOf } from './journal-target';

const MAX_NESTING_LISTED = 1000;

/**
 * The journal's target in embedded mode: the store's own write functions, the
 * ones its routes call, so locks, derivation, the index and statistics follow.
 */
export class EmbeddedTarget implements JournalTarget {
  /** The store takes the recorded id back, so the fields that nested it find it again. */
  readonly restoresWithNewId = false;

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

  async send(items: readonly SentItem[]): Promise<Sent[]> {
    return items.map((item) =>
      'restore' in item.change
        ? this.restore(item.after!)
        : this.sendOne(item.change, item.before!),
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

function gone(id: number) {
  return refusalBody(
    { status: 404, message: `no calculated field has the id ${id}` },
    apiPaths.template(id),
  );
}
