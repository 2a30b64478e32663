import type { AuditStore } from '../storage/audit-store';
import type { Findings } from './compute-findings';
import { computeFindings } from './compute-findings';
import type { FieldFacts } from './field-facts';
import type { InstanceDirectory } from './instance-directory';
import { loadFacts } from './load-facts';
import type { LockChange } from './lock-change';
import { findingsAfterLocks, onlyLockChanged } from './lock-change';

/** One field's change, with its facts before and after (undefined: not there). */
export interface FieldChange {
  fieldId: number;
  before: FieldFacts | undefined;
  after: FieldFacts | undefined;
}

/** Changes kept for changesSince; past this many, a caller starts again from the whole. */
const KEPT_CHANGES = 10_000;

/**
 * The findings of the instance as last seen: the latest complete scan plus the
 * changes made through this server since. Loaded on first use, computed again
 * only when something changed since they were last asked for.
 */
export class CurrentFindings {
  private facts: Map<number, FieldFacts> | undefined;
  private computed: Findings | undefined;
  /** Locks since `computed` was made, by field id, taken into it when next read. */
  private readonly pendingLocks = new Map<number, LockChange>();
  /** Moves with every change, so callers can tell whether what they hold is current. */
  private generation = 0;
  /** The field changes since generation `changesFrom`, each with the generation it made. */
  private changes: Array<FieldChange & { generation: number }> = [];
  private changesFrom = 0;

  constructor(
    private readonly store: AuditStore,
    private readonly instanceId: number,
    private readonly directory: () => InstanceDirectory | undefined,
  ) {}

  get version(): number {
    return this.generation;
  }

  findings(): Findings {
    if (this.computed && this.pendingLocks.size > 0) {
      this.computed = findingsAfterLocks(this.computed, this.pendingLocks.values());
      this.pendingLocks.clear();
    }
    if (!this.computed)
      this.computed = computeFindings(
        [...this.loaded().values()],
        (ids) => this.store.currentExpressions(this.instanceId, ids),
        this.directory(),
      );
    return this.computed;
  }

  /** Every field as last seen, by id. */
  fieldFacts(): ReadonlyMap<number, FieldFacts> {
    return this.loaded();
  }

  /**
   * A field changed (its new facts) or is gone (undefined). A lock, the change made
   * most through this server, leaves every rule's answer as it was: the findings
   * then follow it when next read instead of being computed again (lock-change.ts),
   * all the locks made since together.
   */
  apply(fieldId: number, facts: FieldFacts | undefined): void {
    if (!this.facts) {
      // Nothing holds the fields as they were, and the store already has this change:
      // the first use reads it with the rest. Loading every field here made the first
      // lock after a start wait seconds at 100,000 fields.
      this.changed();
      this.forgetChanges();
      return;
    }
    const loaded = this.facts;
    const before = loaded.get(fieldId);
    if (facts) loaded.set(fieldId, facts);
    else loaded.delete(fieldId);
    if (this.computed && before && facts && onlyLockChanged(before, facts)) {
      const earlier = this.pendingLocks.get(fieldId);
      this.pendingLocks.set(fieldId, { before: earlier?.before ?? before, after: facts });
      this.generation += 1;
    } else this.changed();
    if (this.changes.length === KEPT_CHANGES) this.forgetChanges();
    else this.changes.push({ fieldId, before, after: facts, generation: this.generation });
  }

  /**
   * The fields changed since `version` (an earlier `version`), in order, so a
   * copy made from the fields then can take just those; undefined when they are
   * not known (a scan replaced everything since, or too many changed).
   */
  changesSince(version: number): FieldChange[] | undefined {
    if (version < this.changesFrom) return undefined;
    return this.changes.filter((change) => change.generation > version);
  }

  /** A scan completed: its snapshot, and the findings already computed from it, are current. */
  replace(facts: readonly FieldFacts[], findings: Findings): void {
    this.facts = new Map(facts.map((field) => [field.id, field]));
    this.computed = findings;
    this.pendingLocks.clear();
    this.generation += 1;
    this.forgetChanges();
  }

  private forgetChanges(): void {
    this.changes = [];
    this.changesFrom = this.generation;
  }

  /** Something the findings read besides the fields changed (the directory). */
  changed(): void {
    this.computed = undefined;
    this.pendingLocks.clear();
    this.generation += 1;
  }

  private loaded(): Map<number, FieldFacts> {
    if (!this.facts) {
      this.forgetChanges();
      const facts = loadFacts(this.store, this.store.currentFacts(this.instanceId));
      this.facts = new Map(facts.map((field) => [field.id, field]));
    }
    return this.facts;
  }
}
