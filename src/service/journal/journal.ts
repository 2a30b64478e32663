import { changeSetName } from '../../contract/change-set-name';
import type {
  ChangeKind,
  ChangeSetDetail,
  ChangeSetItemsPage,
  ChangeSetItemsQuery,
  ChangeSetList,
  ChangeSetQuery,
  ChangeSetRequest,
  ChangeSetSummary,
  FieldHistory,
  KeptPlan,
  Me,
  PlanCounts,
  PlanItemsPage,
  PlanItemsQuery,
  PlannedItem,
  RecordedChange,
  UndoAnswer,
} from '../../contract/journal';
import { PLAN_FIRST_ITEMS } from '../../contract/journal';
import {
  changedSinceUndoDryRun,
  nothingToUndo,
  stillRunning,
  undoRefusal,
} from '../../contract/undo-rule';
import { mayRetryChangeSet } from '../../contract/who-may-change';
import { ApiError } from '../server/api-error';
import { ChangeSetRunner } from './change-set-runner';
import { checkItems } from './check-items';
import type { JournalStore, NewItem } from './journal-store';
import type { JournalTarget } from './journal-target';
import type { PlannedChange } from './plan-change-set';
import { planChangeSet } from './plan-change-set';
import { planUndo } from './plan-undo';
import type { PlanLine } from './plan-store';
import { PLAN_LIFE_MS } from './plan-store';
import { anyStillAsPlanned } from './stale-since-dry-run';

/**
 * The journal (docs/api.md, "The journal"): plans, records before sending, runs in
 * the background, checks after a crash and undoes. Routes call this and nothing else.
 */
export class Journal {
  private readonly runner: ChangeSetRunner;

  /** `targetFor` gives the instance as a caller's token reaches it (embedded mode ignores the token). */
  constructor(
    private readonly store: JournalStore,
    private readonly targetFor: (token: string) => JournalTarget,
    private readonly now: () => number = Date.now,
    onFinished?: (id: number) => void,
  ) {
    this.runner = new ChangeSetRunner(store, now, onFinished);
    // Sets this process did not finish were stopped by a crash or a kill.
    store.markRunningIncomplete();
  }

  /**
   * A dry run, kept for its confirmation by the same person: its counts and first
   * items; the rest are read by page (`planItems`), and `startPlanned` confirms it.
   */
  async plan(request: ChangeSetRequest, caller: Caller): Promise<KeptPlan> {
    const target = this.targetFor(caller.token);
    const planned = await planChangeSet(target, request, caller.me);
    return this.keep({ kind: request.kind, note: request.note }, planned, caller);
  }

  /** A page of a kept plan's items, for the person who made it while it may be confirmed. */
  planItems(id: number, query: PlanItemsQuery, caller: Caller): PlanItemsPage {
    this.confirmable(id, caller);
    return this.store.plans.page(id, query);
  }

  /** What the kept plan changes: confirming it needs the right to each. */
  changesOfPlan(id: number, caller: Caller): RecordedChange[] {
    this.confirmable(id, caller);
    return this.store.plans.changes(id);
  }

  /**
   * Confirms a kept plan: records exactly its changes, each with the field's state
   * before as its dry run read it, before anything is sent; then runs it, each batch
   * reading its fields first and skipping those changed since the dry run. Answers
   * without reading the instance, but for an undo, which reads until one field is
   * still as planned.
   */
  async startPlanned(id: number, caller: Caller): Promise<ChangeSetSummary> {
    const plan = this.confirmable(id, caller);
    if (plan.undoOf !== null) this.refuseUndoSince(plan.undoOf, plan.undoApplied);
    const target = this.targetFor(caller.token);
    // As the undo's own start refuses it: it would put nothing back and mark the set undone.
    if (plan.undoOf !== null && !(await anyStillAsPlanned(target, this.store.plans.seen(id))))
      throw new ApiError(409, nothingToUndo(plan.undoOf));
    // Asked again: a retry may have started, or finished, while the fields were read.
    if (plan.undoOf !== null) this.refuseUndoSince(plan.undoOf, plan.undoApplied);
    const set = { kind: plan.kind, note: plan.note, person: plan.person, undoOf: plan.undoOf };
    const setId = this.store.recordPlanned(set, id, this.now());
    if (setId === undefined) {
      // Confirmed, or its set undone, meanwhile by a request that read the fields at the same time.
      const usedBy = this.store.plans.line(id)?.usedBy;
      if (usedBy === null && plan.undoOf !== null) this.refuseUndo(plan.undoOf);
      throw confirmedAlready(id, usedBy);
    }
    this.runner.start(setId, target, { sinceDryRun: true });
    return this.summary(setId);
  }

  /** Records the set and every item before anything is sent, then runs it in the background. */
  async start(request: ChangeSetRequest, caller: Caller): Promise<ChangeSetSummary> {
    const target = this.targetFor(caller.token);
    const planned = await planChangeSet(target, request, caller.me);
    const set = { kind: request.kind, note: request.note, person: caller.me.person };
    return this.record(set, planned, target);
  }

  list(query: ChangeSetQuery): ChangeSetList {
    return this.store.list(query);
  }

  detail(id: number): ChangeSetDetail {
    const detail = this.store.detail(id);
    if (!detail) throw missing(id);
    return detail;
  }

  /** A page of the set's items: a large set's are read a page at a time (its detail carries them all). */
  itemsPage(id: number, query: ChangeSetItemsQuery): ChangeSetItemsPage {
    if (!this.store.summary(id)) throw missing(id);
    return this.store.itemsPage(id, query);
  }

  /** The set's state and counts, without its items. */
  summary(id: number): ChangeSetSummary {
    const summary = this.store.summary(id);
    if (!summary) throw missing(id);
    return summary;
  }

  /** What each item of set `id` changes (an undo, a retry or a cancel of it needs the right to). */
  changesOf(id: number): RecordedChange[] {
    return this.store.items(id).map((item) => item.change);
  }

  history(fieldId: number): FieldHistory {
    return this.store.history(fieldId);
  }

  cancel(id: number): ChangeSetSummary {
    const summary = this.summary(id);
    if (!this.runner.cancel(id))
      throw new ApiError(409, `${changeSetName(id)} is not running (${summary.state})`);
    return summary;
  }

  /**
   * Sends the failed items of a finished set again, each batch read first; an
   * incomplete set is checked first.
   * Only by the set's person (contract/who-may-change.ts).
   */
  retry(id: number, caller: Caller): ChangeSetSummary {
    const summary = this.idleOrRefuse(id, 'retry');
    if (!mayRetryChangeSet(caller.me, summary)) {
      throw new ApiError(
        403,
        `${changeSetName(id)} was made by ${summary.person}, and the journal records its changes as theirs: only they may retry it`,
      );
    }
    // Failed items were not applied: each batch is read first, as a confirmed dry run's is,
    // and a field changed since is skipped. An unknown or pending item may have been applied
    // unseen, so its field would read as changed since: such a set is sent as it was.
    const { unknown, pending } = summary.counts;
    const sinceDryRun = unknown === 0 && pending === 0;
    this.store.resetForRetry(id);
    this.store.setState(id, 'running', null);
    this.runner.start(id, this.targetFor(caller.token), { sinceDryRun });
    return this.summary(id);
  }

  /** Reads each unfinished item back from the instance and records whether it was applied. */
  async check(id: number, caller: Caller): Promise<ChangeSetDetail> {
    this.idleOrRefuse(id, 'check');
    const target = this.targetFor(caller.token);
    this.store.recordChecked(id, await checkItems(target, this.store.items(id)));
    return this.detail(id);
  }

  /**
   * An undo of set `id`: its dry run kept as a change set's is (confirmed by
   * `startPlanned`), or, started at once, planned again and recorded.
   */
  async undo(id: number, dryRun: boolean, caller: Caller): Promise<UndoAnswer> {
    const { me } = caller;
    const target = this.targetFor(caller.token);
    const summary = this.refuseUndo(id);
    const undoApplied = summary.counts.applied;
    const planned = await planUndo(target, this.store.items(id), summary.createdAt, me);
    const note = `undo of ${changeSetName(id)}`;
    if (dryRun) {
      return {
        changeSet: null,
        plan: this.keep({ kind: 'undo', note, undoOf: id, undoApplied }, planned, caller),
      };
    }
    this.refuseUndoSince(id, undoApplied);
    if (!planned.some((item) => item.action === 'change'))
      throw new ApiError(409, nothingToUndo(id));
    const changeSet = this.record(
      { kind: 'undo', note, person: me.person, undoOf: id },
      planned,
      target,
    );
    // Not the plan again: its answer would be written while the undo runs, on the same
    // thread, and outlast the app's wait for a large set.
    return { changeSet, plan: null };
  }

  /** Set `id` when the journal takes its undo (undo-rule.ts); its 409 otherwise. */
  private refuseUndo(id: number): ChangeSetSummary {
    const summary = this.summary(id);
    const refusal = undoRefusal({ ...summary, state: this.stateOf(summary) });
    if (refusal !== undefined) throw new ApiError(409, refusal);
    return summary;
  }

  /**
   * Refuses an undo planned when set `id` had `applied` items applied: it may be undone no
   * more, or a retry or a check applied more of it since, which the plan would leave as
   * they are while marking the whole set undone.
   */
  private refuseUndoSince(id: number, applied: number | null): void {
    const summary = this.refuseUndo(id);
    if (summary.counts.applied !== applied) throw new ApiError(409, changedSinceUndoDryRun(id));
  }

  /** Keeps a dry run for the caller's confirmation: its counts and first items. */
  private keep(
    plan: { kind: ChangeKind; note?: string; undoOf?: number; undoApplied?: number },
    planned: readonly PlannedChange[],
    caller: Caller,
  ): KeptPlan {
    const now = this.now();
    const expiresAt = now + PLAN_LIFE_MS;
    const id = this.store.plans.keep(
      { ...plan, person: caller.me.person, expiresAt },
      planned,
      now,
    );
    const items = planned.slice(0, PLAN_FIRST_ITEMS).map(shownItem);
    return { id, kind: plan.kind, counts: countsOf(planned), expiresAt, items };
  }

  /** Plan `id` when the caller made it and it is neither confirmed nor expired; a refusal otherwise. */
  private confirmable(id: number, caller: Caller): PlanLine {
    const plan = this.store.plans.line(id);
    // Another person's plan is not said to exist: it would tell what they are about to change.
    if (!plan || plan.person !== caller.me.person) throw planGone(id);
    if (plan.usedBy !== null) throw confirmedAlready(id, plan.usedBy);
    if (plan.expiresAt <= this.now()) {
      throw new ApiError(410, `dry run ${id} has expired: run it again to confirm the change`);
    }
    return plan;
  }

  /** Waits for running sets to stop (tests, and a server closing). */
  idle(): Promise<void> {
    return this.runner.idle();
  }

  private record(
    set: { kind: ChangeSetRequest['kind']; note?: string; person: string; undoOf?: number },
    planned: readonly PlannedChange[],
    target: JournalTarget,
  ): ChangeSetSummary {
    const id = this.store.record(set, planned.map(newItemOf), this.now());
    this.runner.start(id, target);
    return this.summary(id);
  }

  private idleOrRefuse(id: number, what: 'retry' | 'check'): ChangeSetSummary {
    const summary = this.summary(id);
    if (this.stateOf(summary) === 'running') throw new ApiError(409, stillRunning(id, what));
    return summary;
  }

  /** The recorded state, or running while this process still runs the set. */
  private stateOf(summary: ChangeSetSummary): ChangeSetSummary['state'] {
    return this.runner.isRunning(summary.id) ? 'running' : summary.state;
  }
}

/** Who asks, and the token that reaches the instance for them (never recorded). */
export interface Caller {
  me: Me;
  token: string;
}

function missing(id: number): ApiError {
  return new ApiError(404, `no change set has the id ${id}`);
}

function planGone(id: number): ApiError {
  return new ApiError(404, `no dry run of yours has the id ${id}`);
}

function confirmedAlready(id: number, setId: number | null | undefined): ApiError {
  return new ApiError(409, `dry run ${id} was confirmed already, as change set ${setId}`);
}

/** A planned item as a plan answers it, without the request it would send. */
function shownItem({ change: _change, ...item }: PlannedChange): PlannedItem {
  return item;
}

function countsOf(planned: readonly PlannedChange[]): PlanCounts {
  const change = planned.filter((item) => item.action === 'change').length;
  const repoint = planned.filter(
    (item) => item.action === 'change' && 'repoint' in item.change,
  ).length;
  return { change, skip: planned.length - change, ...(repoint > 0 ? { repoint } : {}) };
}

function newItemOf(planned: PlannedChange): NewItem {
  return {
    fieldId: planned.id,
    fieldName: planned.name,
    state: planned.action === 'change' ? 'pending' : 'skipped',
    reason: planned.reason,
    message: planned.message,
    change: planned.change,
    before: planned.before,
    after: planned.after,
  };
}
