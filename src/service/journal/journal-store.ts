import type Database from 'better-sqlite3';
import type { ApiErrorBody } from '../../contract/errors';
import type { CalculatedField } from '../../contract/field';
import type {
  ChangeItem,
  ChangeKind,
  ChangeSetDetail,
  ChangeSetItemsPage,
  ChangeSetItemsQuery,
  ChangeSetList,
  ChangeSetQuery,
  ChangeSetState,
  ChangeSetSummary,
  FieldChange,
  FieldHistory,
  ItemState,
  RecordedChange,
  SkipReason,
} from '../../contract/journal';
import { migrateJournalSchema } from './journal-schema';
import { PlanStore } from './plan-store';

/** One item as it is recorded before the set runs. */
export interface NewItem {
  fieldId: number;
  fieldName: string;
  state: 'pending' | 'skipped';
  reason?: SkipReason;
  message?: string;
  change: RecordedChange;
  before: CalculatedField | null;
  /** For a restore: the recorded state to create again. Otherwise what the plan expected. */
  after: CalculatedField | null;
}

/** An item of a kept plan that may no longer change as planned, and the field as it is now. */
export interface StaleItem {
  position: number;
  reason: Extract<SkipReason, 'not-found' | 'changed-since'>;
  message: string;
  current: CalculatedField | null;
}

/** An item of a stored set, with its position to record its outcome under. */
export interface StoredItem extends ChangeItem {
  position: number;
}

/** An applied item with its set's person and time. */
export interface AppliedItem {
  /** The field's id now: a restored field's new id where it got one. */
  fieldId: number;
  changeSetId: number;
  person: string;
  at: number;
  change: RecordedChange;
  after: CalculatedField | null;
}

export interface ItemOutcome {
  state: Extract<ItemState, 'applied' | 'failed' | 'unknown' | 'pending'>;
  after?: CalculatedField | null;
  error?: ApiErrorBody | null;
  newId?: number;
}

interface SetRow {
  id: number;
  kind: ChangeKind;
  note: string | null;
  person: string;
  created_at: number;
  finished_at: number | null;
  state: ChangeSetState;
  undo_of: number | null;
  undone_by: number | null;
  counts_json: string | null;
}

interface ItemRow {
  position: number;
  field_id: number;
  field_name: string;
  state: ItemState;
  reason: SkipReason | null;
  message: string | null;
  error_json: string | null;
  change_json: string;
  before_json: string | null;
  after_json: string | null;
  new_id: number | null;
}

const parsed = <T>(json: string | null): T | null =>
  json === null ? null : (JSON.parse(json) as T);
const json = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** The journal's change sets and items in SQLite (journal-schema.ts). */
export class JournalStore {
  /** The dry runs kept for their confirmation. */
  readonly plans: PlanStore;

  constructor(private readonly db: Database.Database) {
    migrateJournalSchema(db);
    this.plans = new PlanStore(db);
  }

  /** Records a set and every item in one transaction; its id. */
  record(
    set: { kind: ChangeKind; note?: string; person: string; undoOf?: number },
    items: readonly NewItem[],
    now: number,
  ): number {
    const insertSet = this.db.prepare(
      `INSERT INTO journal_change_sets (kind, note, person, created_at, state, undo_of)
       VALUES (?, ?, ?, ?, 'running', ?)`,
    );
    const insertItem = this.db.prepare(
      `INSERT INTO journal_items (change_set_id, position, field_id, field_name, state, reason,
         message, change_json, before_json, after_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    return this.db.transaction(() => {
      const id = Number(
        insertSet.run(set.kind, set.note ?? null, set.person, now, set.undoOf ?? null)
          .lastInsertRowid,
      );
      items.forEach((item, position) => {
        insertItem.run(
          id,
          position,
          item.fieldId,
          item.fieldName,
          item.state,
          item.reason ?? null,
          item.message ?? null,
          JSON.stringify(item.change),
          json(item.before),
          json(item.after),
        );
      });
      if (set.undoOf !== undefined) this.markUndone(set.undoOf, id);
      return id;
    })();
  }

  /** The undo of set `id`; null while it is not undone (undefined: no such set). */
  private undoneBy(id: number): number | null | undefined {
    return this.db
      .prepare<[number], number | null>('SELECT undone_by FROM journal_change_sets WHERE id = ?')
      .pluck()
      .get(id);
  }

  private markUndone(setId: number, undoId: number): void {
    this.db.prepare('UPDATE journal_change_sets SET undone_by = ? WHERE id = ?').run(undoId, setId);
  }

  /**
   * Records a set from kept plan `planId` in one transaction, as `record` does: its
   * items copied as planned (in SQL: a plan of 100,000 fields is never parsed here),
   * each with the field's state before as its dry run read it. The plan is then
   * confirmed by the set, and the set an undo undoes is undone by it. Undefined when
   * the plan was confirmed already, or its set undone already.
   */
  recordPlanned(
    set: { kind: ChangeKind; note: string | null; person: string; undoOf: number | null },
    planId: number,
    now: number,
  ): number | undefined {
    // Immediate: it reads before it writes, and a deferred transaction that has read cannot
    // wait for another connection's write to the file (proxy mode: the audit's scan).
    return this.db
      .transaction(() => {
        const confirmed = this.db
          .prepare<[number], number | null>('SELECT used_by FROM journal_plans WHERE id = ?')
          .pluck()
          .get(planId);
        if (confirmed !== null) return undefined;
        if (set.undoOf !== null && this.undoneBy(set.undoOf) !== null) return undefined;
        const id = Number(
          this.db
            .prepare(
              `INSERT INTO journal_change_sets (kind, note, person, created_at, state, undo_of)
             VALUES (?, ?, ?, ?, 'running', ?)`,
            )
            .run(set.kind, set.note, set.person, now, set.undoOf).lastInsertRowid,
        );
        this.db
          .prepare(
            `INSERT INTO journal_items (change_set_id, position, field_id, field_name, state,
             reason, message, change_json, before_json, after_json)
           SELECT ?, position, field_id, field_name,
             CASE action WHEN 'change' THEN 'pending' ELSE 'skipped' END,
             reason, message, change_json, before_json, after_json
           FROM journal_plan_items WHERE plan_id = ?`,
          )
          .run(id, planId);
        this.db.prepare('UPDATE journal_plans SET used_by = ? WHERE id = ?').run(id, planId);
        if (set.undoOf !== null) this.markUndone(set.undoOf, id);
        return id;
      })
      .immediate();
  }

  /**
   * Records pending items found `stale` since their dry run skipped, with their reason
   * and the field as it is now, in one transaction, before the rest of their batch is sent.
   */
  recordStale(setId: number, stale: readonly StaleItem[]): void {
    if (stale.length === 0) return;
    const skip = this.db.prepare(
      `UPDATE journal_items SET state = 'skipped', reason = ?, message = ?, before_json = ?,
         after_json = NULL
       WHERE change_set_id = ? AND position = ?`,
    );
    this.db.transaction(() => {
      for (const item of stale) {
        skip.run(item.reason, item.message, json(item.current), setId, item.position);
      }
    })();
  }

  /**
   * Records the outcomes of a batch of items of a running set in one transaction: one
   * commit per batch, not per item. A running set keeps no counts (`record`,
   * `recordPlanned` and `setState` to running leave none) until it finishes.
   */
  recordOutcomes(
    setId: number,
    outcomes: ReadonlyArray<{ position: number; outcome: ItemOutcome }>,
  ): void {
    this.db.transaction(() => this.writeOutcomes(setId, outcomes))();
  }

  /** Records what a check read back of a set that is not running: its kept counts are dropped. */
  recordChecked(
    setId: number,
    outcomes: ReadonlyArray<{ position: number; outcome: ItemOutcome }>,
  ): void {
    this.db.transaction(() => {
      this.forgetCounts(setId);
      this.writeOutcomes(setId, outcomes);
    })();
  }

  private writeOutcomes(
    setId: number,
    outcomes: ReadonlyArray<{ position: number; outcome: ItemOutcome }>,
  ): void {
    const update = this.db.prepare(
      `UPDATE journal_items SET state = ?, after_json = coalesce(?, after_json),
         error_json = ?, new_id = coalesce(?, new_id)
       WHERE change_set_id = ? AND position = ?`,
    );
    for (const { position, outcome } of outcomes) {
      update.run(
        outcome.state,
        json(outcome.after),
        json(outcome.error),
        outcome.newId ?? null,
        setId,
        position,
      );
    }
  }

  /**
   * Records a repoint as the update it sends, on the field as it was read just
   * before: what Activity, history and an undo of the undo read from then on.
   */
  recordRepoint(
    setId: number,
    position: number,
    update: { change: FieldChange; before: CalculatedField; after: CalculatedField },
  ): void {
    this.db
      .prepare(
        `UPDATE journal_items SET change_json = ?, before_json = ?, after_json = ?
         WHERE change_set_id = ? AND position = ?`,
      )
      .run(JSON.stringify(update.change), json(update.before), json(update.after), setId, position);
  }

  /** A set that finishes keeps its counts: its items' states change no more until a retry or a check. */
  setState(id: number, state: ChangeSetState, finishedAt: number | null): void {
    // Immediate: it reads the counts before it writes (see recordPlanned).
    this.db
      .transaction(() => {
        const counts = finishedAt === null ? null : JSON.stringify(this.countItems(id));
        this.db
          .prepare(
            'UPDATE journal_change_sets SET state = ?, finished_at = ?, counts_json = ? WHERE id = ?',
          )
          .run(state, finishedAt, counts, id);
      })
      .immediate();
  }

  /** Sets the failed (and, for an incomplete set, pending) items of a set pending again. */
  resetForRetry(id: number): number {
    return this.db.transaction(() => {
      this.forgetCounts(id);
      return this.db
        .prepare(
          `UPDATE journal_items SET state = 'pending', error_json = NULL
           WHERE change_set_id = ? AND state IN ('failed', 'unknown')`,
        )
        .run(id).changes;
    })();
  }

  /** A set whose items' states change is counted again until it finishes again. */
  private forgetCounts(id: number): void {
    this.db.prepare('UPDATE journal_change_sets SET counts_json = NULL WHERE id = ?').run(id);
  }

  /** At start-up: a set still running when the server stopped is incomplete. */
  markRunningIncomplete(): number {
    return this.db
      .prepare("UPDATE journal_change_sets SET state = 'incomplete' WHERE state = 'running'")
      .run().changes;
  }

  summary(id: number): ChangeSetSummary | undefined {
    const row = this.db
      .prepare<[number], SetRow>('SELECT * FROM journal_change_sets WHERE id = ?')
      .get(id);
    return row && this.summaryOf(row);
  }

  items(id: number): StoredItem[] {
    return this.db
      .prepare<[number], ItemRow>(
        'SELECT * FROM journal_items WHERE change_set_id = ? ORDER BY position',
      )
      .all(id)
      .map(itemOf);
  }

  /** A page of a set's items in its order, those in `state` only when given, and how many there are. */
  itemsPage(id: number, { state, offset, limit }: ChangeSetItemsQuery): ChangeSetItemsPage {
    const inState = state === undefined ? '' : 'AND state = ?';
    const values = state === undefined ? [id] : [id, state];
    const { total } = this.db
      .prepare<unknown[], { total: number }>(
        `SELECT count(*) AS total FROM journal_items WHERE change_set_id = ? ${inState}`,
      )
      .get(...values)!;
    const items = this.db
      .prepare<unknown[], ItemRow>(
        `SELECT * FROM journal_items WHERE change_set_id = ? ${inState}
         ORDER BY position LIMIT ? OFFSET ?`,
      )
      .all(...values, limit, offset)
      .map((row) => {
        const { position: _position, ...item } = itemOf(row);
        return item;
      });
    return { total, items };
  }

  detail(id: number): ChangeSetDetail | undefined {
    const changeSet = this.summary(id);
    if (!changeSet) return undefined;
    return {
      changeSet,
      items: this.items(id).map(({ position: _position, ...item }) => item),
    };
  }

  list(query: ChangeSetQuery): ChangeSetList {
    const where: string[] = [];
    const values: unknown[] = [];
    const filter = (sql: string, value: unknown) => {
      if (value === undefined) return;
      where.push(sql);
      values.push(value);
    };
    filter('person = ?', query.person);
    filter('kind = ?', query.kind);
    filter('created_at >= ?', query.from);
    filter('created_at <= ?', query.to);
    filter(
      'EXISTS (SELECT 1 FROM journal_items i WHERE i.change_set_id = s.id AND i.field_id = ?)',
      query.fieldId,
    );
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const total = this.db
      .prepare<unknown[], number>(`SELECT count(*) FROM journal_change_sets s ${clause}`)
      .pluck()
      .get(...values)!;
    const rows = this.db
      .prepare<unknown[], SetRow>(
        `SELECT * FROM journal_change_sets s ${clause} ORDER BY id DESC LIMIT ? OFFSET ?`,
      )
      .all(...values, query.limit, query.offset);
    return { total, changeSets: rows.map((row) => this.summaryOf(row)) };
  }

  /** Every recorded version of a field: each item that changed it, oldest first. */
  history(fieldId: number): FieldHistory {
    const rows = this.db
      .prepare<
        [number, number],
        {
          id: number;
          kind: ChangeKind;
          person: string;
          created_at: number;
          set_state: ChangeSetState;
          undo_id: number | null;
          undo_person: string | null;
          undo_created_at: number | null;
          applied_fields: number;
        } & ItemRow
      >(
        `SELECT s.id, s.kind, s.person, s.created_at, s.state AS set_state,
           u.id AS undo_id, u.person AS undo_person, u.created_at AS undo_created_at,
           coalesce(json_extract(s.counts_json, '$.applied'),
             (SELECT count(*) FROM journal_items a
               WHERE a.change_set_id = s.id AND a.state = 'applied')) AS applied_fields, i.*
         FROM journal_items i JOIN journal_change_sets s ON s.id = i.change_set_id
           LEFT JOIN journal_change_sets u ON u.id = s.undone_by
         WHERE (i.field_id = ? OR i.new_id = ?) AND i.state = 'applied'
         ORDER BY s.id, i.position`,
      )
      .all(fieldId, fieldId);
    return {
      versions: rows.map((row) => ({
        changeSetId: row.id,
        kind: row.kind,
        person: row.person,
        at: row.created_at,
        state: row.set_state,
        undoneBy:
          row.undo_id === null
            ? null
            : { changeSetId: row.undo_id, person: row.undo_person!, at: row.undo_created_at! },
        before: parsed<CalculatedField>(row.before_json),
        after: parsed<CalculatedField>(row.after_json),
        appliedFields: row.applied_fields,
      })),
    };
  }

  /**
   * The applied items of these fields (by id, or by a restore's new id) in sets
   * recorded from `from` to `to` (inclusive), oldest first: who changed a field
   * between two scans of the audit.
   */
  appliedBetween(fieldIds: readonly number[], from: number, to: number): AppliedItem[] {
    const ids = JSON.stringify(fieldIds);
    return this.db
      .prepare<
        [string, string, number, number],
        { id: number; person: string; created_at: number } & ItemRow
      >(
        `SELECT s.id, s.person, s.created_at, i.*
         FROM journal_items i JOIN journal_change_sets s ON s.id = i.change_set_id
         WHERE (i.field_id IN (SELECT value FROM json_each(?))
             OR i.new_id IN (SELECT value FROM json_each(?)))
           AND i.state = 'applied' AND s.created_at BETWEEN ? AND ?
         ORDER BY s.id, i.position`,
      )
      .all(ids, ids, from, to)
      .map((row) => ({
        fieldId: row.new_id ?? row.field_id,
        changeSetId: row.id,
        person: row.person,
        at: row.created_at,
        change: JSON.parse(row.change_json) as RecordedChange,
        after: parsed<CalculatedField>(row.after_json),
      }));
  }

  /** A set's items counted by state, from an index (journal_items_by_state). */
  private countItems(id: number): ChangeSetSummary['counts'] {
    const counts = { total: 0, pending: 0, applied: 0, failed: 0, skipped: 0, unknown: 0 };
    const byState = this.db
      .prepare<[number], { state: ItemState; n: number }>(
        'SELECT state, count(*) AS n FROM journal_items WHERE change_set_id = ? GROUP BY state',
      )
      .all(id);
    for (const { state, n } of byState) {
      counts[state] = n;
      counts.total += n;
    }
    return counts;
  }

  private summaryOf(row: SetRow): ChangeSetSummary {
    const counts =
      row.counts_json === null
        ? this.countItems(row.id)
        : (JSON.parse(row.counts_json) as ChangeSetSummary['counts']);
    return {
      id: row.id,
      kind: row.kind,
      note: row.note,
      person: row.person,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
      state: row.state,
      counts,
      undoOf: row.undo_of,
      undoneBy: row.undone_by,
      onlyField: counts.total === 1 ? this.onlyFieldOf(row.id) : null,
    };
  }

  private onlyFieldOf(changeSetId: number): NonNullable<ChangeSetSummary['onlyField']> | null {
    const item = this.db
      .prepare<
        [number],
        {
          id: number;
          name: string;
          applied: number;
          deleted: number;
          checkSum: string | null;
          lastModified: number | null;
        }
      >(
        `SELECT field_id AS id, field_name AS name, state = 'applied' AS applied,
           after_json IS NULL AS deleted, json_extract(after_json, '$.checkSum') AS checkSum,
           json_extract(after_json, '$.lastModified') AS lastModified
         FROM journal_items WHERE change_set_id = ?`,
      )
      .get(changeSetId);
    if (!item) return null;
    const { id, name } = item;
    if (!item.applied) return { id, name };
    if (item.deleted) return { id, name, after: null };
    if (item.checkSum === null || item.lastModified === null) return { id, name };
    return { id, name, after: { checkSum: item.checkSum, lastModified: item.lastModified } };
  }
}

function itemOf(row: ItemRow): StoredItem {
  return {
    position: row.position,
    fieldId: row.field_id,
    fieldName: row.field_name,
    state: row.state,
    reason: row.reason,
    message: row.message,
    error: parsed<ApiErrorBody>(row.error_json),
    change: JSON.parse(row.change_json) as RecordedChange,
    before: parsed<CalculatedField>(row.before_json),
    after: parsed<CalculatedField>(row.after_json),
    newId: row.new_id,
  };
}
