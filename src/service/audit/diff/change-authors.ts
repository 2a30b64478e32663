import type { FieldChange, Scan } from '../../../contract/audit';
import type { AppliedItem } from '../../journal/journal-store';

/** One applied change to one field, as the journal recorded it (its store's answer). */
export type RecordedFieldChange = AppliedItem;

/**
 * What the diff reads of the changes made through this server: the journal, wired in
 * where the server is composed. The audit knows nothing else of it.
 */
export interface ChangeRecords {
  /** The applied changes to these fields recorded from `from` to `to` (inclusive), oldest first. */
  appliedBetween(fieldIds: readonly number[], from: number, to: number): RecordedFieldChange[];
}

/** Adds who made them to changes read from a diff. */
export type Authored = (changes: FieldChange[]) => FieldChange[];

/** The properties of a recorded update that a diff's two states show. */
const shownProperties = ['name', 'expression', 'owner', 'locked'] as const;

/**
 * Whether a recorded change made (part of) what the diff shows: a delete a removed
 * field, a restore an added one, an update a property that differs between the scans
 * and that the later scan shows as the change left it. An update of properties the
 * states do not show (archived, hidden, ...) is taken for the diff's "other" change.
 */
function explains(record: RecordedFieldChange, change: FieldChange): boolean {
  const { before, after } = change;
  if ('delete' in record.change) return after === undefined;
  if ('restore' in record.change) return before === undefined;
  if (!before || !after || !record.after || 'repoint' in record.change) return false;
  const updated = record.change.update;
  const shown = shownProperties.filter((property) => updated[property] !== undefined);
  if (shown.length === 0) return change.kinds.includes('other');
  const left = record.after;
  return shown.some(
    (property) => before[property] !== after[property] && left[property] === after[property],
  );
}

/**
 * The changes with who made each and when, where the journal recorded a change set
 * between the two scans that explains it; a change it knows nothing of is left as it is.
 */
export function withAuthors(
  changes: FieldChange[],
  records: ChangeRecords | undefined,
  between: { from: number; to: number },
): FieldChange[] {
  if (!records || changes.length === 0) return changes;
  const byField = new Map<number, RecordedFieldChange[]>();
  const ids = changes.map((change) => change.id);
  for (const record of records.appliedBetween(ids, between.from, between.to)) {
    byField.set(record.fieldId, [...(byField.get(record.fieldId) ?? []), record]);
  }
  return changes.map((change) => {
    const changedBy = (byField.get(change.id) ?? [])
      .filter((record) => explains(record, change))
      .map(({ changeSetId, person, at }) => ({ changeSetId, person, at }));
    return changedBy.length > 0 ? { ...change, changedBy } : change;
  });
}

/**
 * Who made the changes of the diff from scan `from` to scan `to`: a change set
 * recorded after the first scan started (it had not read the field yet) and before
 * the second ended (a change through this server reaches a running scan at once).
 */
export function authoredBetween(
  records: ChangeRecords | undefined,
  from: Scan,
  to: Scan,
): Authored {
  const between = { from: from.started, to: to.finished ?? to.started };
  return (changes) => withAuthors(changes, records, between);
}
