import { LRUCache } from 'lru-cache';
import type { FieldFinding, FieldFindingKeys, FindingKey, Scan } from '../../../contract/audit';
import type { FunctionUsage } from '../../../contract/audit-functions';
import type { Statistics } from '../../../contract/statistics';
import type { NormalizedSearchRequest } from '../../../contract/search-validation';
import type { FieldIndex, FieldSubset, IdPage } from '../../store/index/field-index';
import type { Findings } from '../findings/compute-findings';
import { computeFindings } from '../findings/compute-findings';
import type { FindingsSummary } from '../findings/describe-findings';
import { summaryOf } from '../findings/describe-findings';
import { explainFieldFindings } from '../findings/explain-field-findings';
import { fieldMemberships, findingKeysOf } from '../findings/field-memberships';
import type { FactsTable } from '../findings/facts-table';
import type { FieldFacts } from '../findings/field-facts';
import { functionUsage } from '../findings/function-usage';
import type { InstanceDirectory } from '../findings/instance-directory';
import { loadFactsTable } from '../findings/load-facts';
import type { LockChange } from '../findings/lock-change';
import { findingsAfterLocks, onlyLockChanged } from '../findings/lock-change';
import { findingIds, wholeIndex } from '../search/finding-index';
import type { AuditStore } from '../storage/audit-store';

/** One field's change: its facts after it (undefined: gone). */
export interface ChangedField {
  fieldId: number;
  after: FieldFacts | undefined;
}

/** A field's facts in the view a change starts from, and after it. */
interface FieldChange {
  before: FieldFacts | undefined;
  after: FieldFacts | undefined;
}

/** What every view reads from: the audit file and the instance's names. */
export interface ViewSource {
  store: AuditStore;
  directory: InstanceDirectory | undefined;
}

/** Changes a view carries from the view it starts from; past this many it reads the file again. */
const KEPT_CHANGES = 10_000;
/** Findings' and groups' fields kept per view, as subsets of the index of every field. */
const CACHED_FINDING_SUBSETS = 64;
const NEWEST_FIRST: NormalizedSearchRequest = {
  filters: [],
  sort: { field: 'lastModified', ascending: false },
  limit: 1,
};

/**
 * The instance as last seen at one version (docs/audit.md, "Findings"): the
 * latest complete scan plus the changes made through this server since. Its
 * facts, findings, summary, statistics and search index (of every field, which
 * each finding's drill-down searches among the finding's fields) are each built
 * when first asked for, once. A view never changes: a change makes the next view
 * (`withFieldsChanged`), which starts from this one. When the change left every
 * rule's answer as it was (a lock), the next view takes this one's findings,
 * summary and index and moves just the changed fields in them, instead of
 * building them again (seconds at 100,000 fields).
 *
 * Its inputs are data and the audit file, so the same work could run in a worker
 * with its own connection to the file.
 */
export class SnapshotView {
  private loadedFacts: FactsTable | undefined;
  private computed: Findings | undefined;
  private described: FindingsSummary | undefined;
  private usage: FunctionUsage[] | undefined;
  private counted: Statistics | undefined;
  private changed: number | undefined;
  private index: FieldIndex | undefined;
  /** Each drill-down's fields in `index`: they hold while the index does, locks and all. */
  private findingSubsets = newFindingSubsets();
  /**
   * The view this one starts from (one that had read its fields) and the fields
   * changed since it; dropped once this view's findings are made.
   */
  private from: { view: SnapshotView; changes: Map<number, FieldChange> } | undefined;

  private constructor(
    readonly version: number,
    /** The latest complete scan this view starts from. */
    readonly scan: Scan,
    private readonly source: ViewSource,
  ) {}

  /** The instance as a scan left it (and the changes since, read from the file). */
  static ofScan(
    version: number,
    scan: Scan,
    source: ViewSource,
    made?: { findings: Findings; summary: FindingsSummary; wholeIndex?: FieldIndex },
  ) {
    const view = new SnapshotView(version, scan, source);
    view.computed = made?.findings;
    view.described = made?.summary;
    view.index = made?.wholeIndex;
    return view;
  }

  /** The next view, with these fields changed (a lock, an edit) or gone. */
  withFieldsChanged(version: number, changed: readonly ChangedField[]): SnapshotView {
    const next = new SnapshotView(version, this.scan, this.source);
    const origin = this.origin();
    // Nothing read the fields yet (or too much changed since): the file already has
    // the changes, and the next view's first use reads them with the rest, so a lock
    // soon after a start does not wait for 100,000 fields to be read.
    if (!origin || origin.changes.size + changed.length > KEPT_CHANGES) return next;
    const changes = new Map(origin.changes);
    const factsThen = origin.view.facts();
    for (const { fieldId, after } of changed) {
      const before = changes.has(fieldId) ? changes.get(fieldId)!.before : factsThen.get(fieldId);
      changes.set(fieldId, { before, after });
    }
    next.from = { view: origin.view, changes };
    return next;
  }

  /**
   * The same fields as a later scan found them, one that found nothing changed: the
   * next view takes everything this one built, and this one gives its index up.
   * Findings a change since left to be made are not made here (the audit's thread makes them).
   */
  withScan(version: number, scan: Scan): SnapshotView {
    const next = new SnapshotView(version, scan, this.source);
    next.computed = this.madeFindings();
    next.described = this.described;
    next.usage = this.usage;
    next.counted = this.counted;
    next.index = this.index;
    next.findingSubsets = this.findingSubsets;
    this.index = undefined;
    this.findingSubsets = newFindingSubsets();
    return next;
  }

  /** Every field, by id. */
  facts(): FactsTable {
    if (this.computed) return this.computed.fields;
    if (!this.loadedFacts)
      this.loadedFacts = this.from ? this.factsFromEarlier(this.from) : this.readFacts();
    return this.loadedFacts;
  }

  findings(): Findings {
    if (!this.computed) {
      const from = this.from;
      this.computed =
        from?.view.computed && onlyLocks(from.changes)
          ? findingsAfterLocks(from.view.computed, from.changes.values())
          : computeFindings(
              this.facts(),
              (ids) => this.source.store.current.expressions(ids),
              this.source.directory,
            );
      this.takeOver();
    }
    return this.computed;
  }

  /**
   * The findings when they are made, or can be made from the earlier view's at once
   * (only locks changed since); undefined when they would have to be computed.
   */
  madeFindings(): Findings | undefined {
    const from = this.from;
    if (this.computed || (from?.view.computed && onlyLocks(from.changes))) return this.findings();
    return undefined;
  }

  /**
   * Whether this view's findings would have to be computed from its facts: not made,
   * and not to be made at once from the earlier view's (a change other than locks).
   */
  needsFindings(): boolean {
    const from = this.from;
    return !this.computed && !(from?.view.computed && onlyLocks(from.changes));
  }

  summary(): FindingsSummary {
    this.described ??= summaryOf(this.findings());
    return this.described;
  }

  /**
   * Every finding for one field, its causes traced; undefined when the view has no
   * such field.
   */
  fieldFindings(fieldId: number): FieldFinding[] | undefined {
    const findings = this.findings();
    if (!findings.fields.has(fieldId)) return undefined;
    return explainFieldFindings(findings, fieldId, (id) => fieldMemberships(findings, id));
  }

  /** Which findings hold each of these fields, for an export: no causes traced. */
  fieldsFindingKeys(fieldIds: readonly number[]): FieldFindingKeys[] {
    const findings = this.findings();
    return fieldIds.map((fieldId) => ({
      fieldId,
      seen: findings.fields.has(fieldId),
      findings: findingKeysOf(findings, fieldId),
    }));
  }

  functionUsage(): FunctionUsage[] {
    this.usage ??= functionUsage(this.wholeIndex().fieldsPerFunction());
    return this.usage;
  }

  statistics(): Statistics {
    this.counted ??= this.wholeIndex().statistics();
    return this.counted;
  }

  /** Fields that differ between the scan and this view. */
  changesSinceScan(): number {
    this.changed ??= this.source.store.current.changesSince(this.scan.id);
    return this.changed;
  }

  /**
   * The newest field's lastModified, from the index (the facts would make an object
   * per field on the thread that answers requests); undefined without fields.
   */
  newestLastModified(): number | undefined {
    const [newest] = this.search(NEWEST_FIRST).ids;
    return newest === undefined ? undefined : this.facts().get(newest)!.lastModified;
  }

  /** A page of every field, searched with the store's own index. */
  search(request: NormalizedSearchRequest): IdPage {
    return this.wholeIndex().search(request);
  }

  /**
   * A page of one finding's fields (or one of its groups'), searched in the index of
   * every field among just them; throws UnknownGroup.
   */
  searchFinding(key: FindingKey, group: string | undefined, request: NormalizedSearchRequest) {
    const index = this.wholeIndex();
    const cacheKey = `${key}\n${group ?? ''}`;
    let subset = this.findingSubsets.get(cacheKey);
    if (!subset) {
      subset = index.subset(findingIds(this.findings(), key, group));
      this.findingSubsets.set(cacheKey, subset);
    }
    return index.search(request, subset);
  }

  private wholeIndex(): FieldIndex {
    // Made after the findings, which may take the index over from the earlier view.
    const findings = this.findings();
    this.index ??= wholeIndex(findings);
    return this.index;
  }

  /**
   * What the next view starts from: the earlier view this one starts from, while
   * this one has made no findings of its own, or else this one once it read its fields.
   */
  private origin(): SnapshotView['from'] {
    if (this.from && !this.computed) return this.from;
    if (this.computed || this.loadedFacts) return { view: this, changes: new Map() };
    return undefined;
  }

  private readFacts(): FactsTable {
    return loadFactsTable(this.source.store, this.source.store.current.facts());
  }

  private factsFromEarlier({ view, changes }: NonNullable<SnapshotView['from']>) {
    return view.facts().with([...changes].map(([fieldId, { after }]) => [fieldId, after] as const));
  }

  /**
   * The findings are made: what the earlier view had built holds for this one too
   * when only locks changed, the index once the locks are moved in it. The
   * earlier view gives its index up (it is no longer current) and is let go.
   */
  private takeOver(): void {
    const { from } = this;
    this.from = undefined;
    this.loadedFacts = undefined;
    const changes = from?.changes;
    if (!from || !changes || !onlyLocks(changes)) return;
    const earlier = from.view;
    this.described = earlier.described;
    this.usage = earlier.usage;
    const earlierIndex = earlier.index;
    if (earlierIndex) {
      for (const { after } of changes.values())
        earlierIndex.applyLock(after.id, after.locked, after.lastModified);
      this.index = earlierIndex;
      // A lock moves no field's position and leaves every finding's fields as they were.
      this.findingSubsets = earlier.findingSubsets;
    }
    earlier.index = undefined;
    earlier.findingSubsets = newFindingSubsets();
  }
}

function newFindingSubsets() {
  return new LRUCache<string, FieldSubset>({ max: CACHED_FINDING_SUBSETS });
}

/** Every change changed a field's lock alone. */
function onlyLocks(changes: ReadonlyMap<number, FieldChange>): changes is Map<number, LockChange> {
  for (const { before, after } of changes.values()) {
    if (!before || !after || !onlyLockChanged(before, after)) return false;
  }
  return true;
}
