import type Database from 'better-sqlite3';
import type { CalculatedField } from '../../contract/field';
import type {
  ChangeItemRequest,
  ChangeKind,
  PlanItemsPage,
  PlanItemsQuery,
  PlannedItem,
  RecordedChange,
  SkipReason,
} from '../../contract/journal';
import type { PlannedChange } from './plan-change-set';

/** How long a dry run is kept for its confirmation. */
export const PLAN_LIFE_MS = 60 * 60_000;

/**
 * The dry runs kept for one person at once: a newer one expires the oldest beyond it.
 * A plan of 100,000 fields takes about 220 MB of the journal's file until it is dropped.
 */
export const PLANS_KEPT_PER_PERSON = 3;

/**
 * How long an expired or confirmed plan's line (not its items) is kept, so that its
 * refusal says what became of it rather than that no such plan was made.
 */
const PLAN_LINE_KEPT_MS = 24 * 60 * 60_000;

/** A kept plan's line: who made it, until when it may be confirmed, and by which set it was. */
export interface PlanLine {
  id: number;
  kind: ChangeKind;
  note: string | null;
  person: string;
  expiresAt: number;
  /** The change set that confirmed it; null while it is not confirmed. */
  usedBy: number | null;
  /** An undo's dry run: the change set it undoes; null for any other. */
  undoOf: number | null;
  /** An undo's dry run: how many items of that set were applied when it was made. */
  undoApplied: number | null;
}

/**
 * An item the plan would change, with the version its dry run read: null when it read
 * none, as an undo's restore of a deleted field does.
 */
export interface SeenItem {
  position: number;
  fieldId: number;
  seen: NonNullable<ChangeItemRequest['basedOn']> | null;
}

interface PlanRow {
  id: number;
  kind: ChangeKind;
  note: string | null;
  person: string;
  expires_at: number;
  used_by: number | null;
  undo_of: number | null;
  undo_applied: number | null;
}

interface PlanItemRow {
  field_id: number;
  field_name: string;
  action: PlannedItem['action'];
  reason: SkipReason | null;
  message: string | null;
  before_json: string | null;
  after_json: string | null;
  repoint_from: number | null;
}

const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
const field = (text: string | null) =>
  text === null ? null : (JSON.parse(text) as CalculatedField);

/**
 * The journal's kept dry runs in SQLite (journal-schema.ts): written whole when made,
 * read by page, and copied into a change set by JournalStore.recordPlanned when confirmed.
 */
export class PlanStore {
  constructor(private readonly db: Database.Database) {}

  /**
   * Keeps a plan and its items in one transaction; its id. First drops the items of
   * plans expired or confirmed, and expires the person's oldest beyond the bound.
   */
  keep(
    plan: {
      kind: ChangeKind;
      note?: string;
      person: string;
      expiresAt: number;
      undoOf?: number;
      undoApplied?: number;
    },
    items: readonly PlannedChange[],
    now: number,
  ): number {
    const insertPlan = this.db.prepare(
      `INSERT INTO journal_plans (kind, note, person, created_at, expires_at, undo_of,
         undo_applied)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertItem = this.db.prepare(
      `INSERT INTO journal_plan_items (plan_id, position, field_id, field_name, action, reason,
         message, change_json, before_json, after_json)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    return this.db.transaction(() => {
      this.sweep(plan.person, now);
      const id = Number(
        insertPlan.run(
          plan.kind,
          plan.note ?? null,
          plan.person,
          now,
          plan.expiresAt,
          plan.undoOf ?? null,
          plan.undoApplied ?? null,
        ).lastInsertRowid,
      );
      items.forEach((item, position) => {
        insertItem.run(
          id,
          position,
          item.id,
          item.name,
          item.action,
          item.reason ?? null,
          item.message ?? null,
          JSON.stringify(item.change),
          json(item.before),
          json(item.after),
        );
      });
      return id;
    })();
  }

  line(id: number): PlanLine | undefined {
    const row = this.db
      .prepare<[number], PlanRow>('SELECT * FROM journal_plans WHERE id = ?')
      .get(id);
    return (
      row && {
        id: row.id,
        kind: row.kind,
        note: row.note,
        person: row.person,
        expiresAt: row.expires_at,
        usedBy: row.used_by,
        undoOf: row.undo_of,
        undoApplied: row.undo_applied,
      }
    );
  }

  /** A page of the plan's items in its order, those of `action` only when given, and how many there are. */
  page(id: number, { action, offset, limit }: PlanItemsQuery): PlanItemsPage {
    const ofAction = action === undefined ? '' : 'AND action = ?';
    const values = action === undefined ? [id] : [id, action];
    const total = this.db
      .prepare<unknown[], number>(
        `SELECT count(*) FROM journal_plan_items WHERE plan_id = ? ${ofAction}`,
      )
      .pluck()
      .get(...values)!;
    const items = this.db
      .prepare<unknown[], PlanItemRow>(
        `SELECT field_id, field_name, action, reason, message, before_json, after_json,
           CASE action WHEN 'change' THEN change_json ->> '$.repoint.from' END AS repoint_from
         FROM journal_plan_items WHERE plan_id = ? ${ofAction}
         ORDER BY position LIMIT ? OFFSET ?`,
      )
      .all(...values, limit, offset)
      .map(plannedItemOf);
    return { total, items };
  }

  /** The different changes the plan makes (a bulk change makes one): who may confirm it needs the right to each. */
  changes(id: number): RecordedChange[] {
    return this.db
      .prepare<[number], string>(
        'SELECT DISTINCT change_json FROM journal_plan_items WHERE plan_id = ?',
      )
      .pluck()
      .all(id)
      .map((text) => JSON.parse(text) as RecordedChange);
  }

  /** The items the plan would change, each with the version its dry run read (its before). */
  seen(id: number): SeenItem[] {
    return this.db
      .prepare<
        [number],
        {
          position: number;
          field_id: number;
          read_none: 0 | 1;
          check_sum: string | null;
          last_modified: number | null;
        }
      >(
        `SELECT position, field_id, before_json IS NULL AS read_none,
           before_json ->> '$.checkSum' AS check_sum,
           before_json ->> '$.lastModified' AS last_modified
         FROM journal_plan_items WHERE plan_id = ? AND action = 'change' ORDER BY position`,
      )
      .all(id)
      .map((row) => ({
        position: row.position,
        fieldId: row.field_id,
        seen: row.read_none
          ? null
          : { checkSum: row.check_sum ?? undefined, lastModified: row.last_modified ?? undefined },
      }));
  }

  private sweep(person: string, now: number): void {
    this.db
      .prepare(
        `UPDATE journal_plans SET expires_at = ?
         WHERE person = ? AND used_by IS NULL AND expires_at > ? AND id NOT IN (
           SELECT id FROM journal_plans WHERE person = ? AND used_by IS NULL AND expires_at > ?
           ORDER BY id DESC LIMIT ?)`,
      )
      .run(now, person, now, person, now, PLANS_KEPT_PER_PERSON - 1);
    this.db
      .prepare(
        `DELETE FROM journal_plan_items WHERE plan_id IN (
           SELECT id FROM journal_plans WHERE expires_at <= ? OR used_by IS NOT NULL)`,
      )
      .run(now);
    this.db.prepare('DELETE FROM journal_plans WHERE expires_at <= ?').run(now - PLAN_LINE_KEPT_MS);
  }
}

function plannedItemOf(row: PlanItemRow): PlannedItem {
  return {
    id: row.field_id,
    name: row.field_name,
    action: row.action,
    ...(row.reason === null ? {} : { reason: row.reason }),
    ...(row.message === null ? {} : { message: row.message }),
    before: field(row.before_json),
    after: field(row.after_json),
    ...(row.repoint_from === null ? {} : { repoint: { from: row.repoint_from } }),
  };
}
