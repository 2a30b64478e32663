import type { AuditStore } from '../storage/audit-store';
import type { Findings } from './compute-findings';
import { computeFindings } from './compute-findings';
import type { FieldFacts } from './field-facts';
import type { InstanceDirectory } from './instance-directory';
import { loadFacts } from './load-facts';

/**
 * The findings of the instance as last seen: the latest complete scan plus the
 * changes made through this server since. Loaded on first use, computed again
 * only when something changed since they were last asked for.
 */
export class CurrentFindings {
  private facts: Map<number, FieldFacts> | undefined;
  private computed: Findings | undefined;
  /** Moves with every change, so callers can tell whether what they hold is current. */
  private generation = 0;

  constructor(
    private readonly store: AuditStore,
    private readonly instanceId: number,
    private readonly directory: () => InstanceDirectory | undefined,
  ) {}

  get version(): number {
    return this.generation;
  }

  findings(): Findings {
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

  /** A field changed (its new facts) or is gone (undefined). */
  apply(fieldId: number, facts: FieldFacts | undefined): void {
    const loaded = this.loaded();
    if (facts) loaded.set(fieldId, facts);
    else loaded.delete(fieldId);
    this.changed();
  }

  /** A scan completed: its snapshot, and the findings already computed from it, are current. */
  replace(facts: readonly FieldFacts[], findings: Findings): void {
    this.facts = new Map(facts.map((field) => [field.id, field]));
    this.computed = findings;
    this.generation += 1;
  }

  /** Something the findings read besides the fields changed (the directory). */
  changed(): void {
    this.computed = undefined;
    this.generation += 1;
  }

  private loaded(): Map<number, FieldFacts> {
    if (!this.facts) {
      const facts = loadFacts(this.store, this.store.currentFacts(this.instanceId));
      this.facts = new Map(facts.map((field) => [field.id, field]));
    }
    return this.facts;
  }
}
