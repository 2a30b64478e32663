import type { ChangeSetDetail, ChangeSetSummary } from '../../contract/journal';
import { fieldCount, formatCount } from '../plural';

/** How much of a change set has been settled (applied, skipped or failed), in percent. */
export function settledShare({ changeSet }: { changeSet: Pick<ChangeSetSummary, 'counts'> }) {
  const { total, pending } = changeSet.counts;
  return total === 0 ? 100 : Math.round(((total - pending) / total) * 100);
}

/** One count of a set's progress, named. */
export interface ProgressCount {
  label: string;
  value: number;
}

/**
 * A set's counts, each named, as the dialog and Activity show them: what is done (the
 * percentage, `settledShare`) is every item settled, so its parts are named beside it,
 * changed, skipped and failed, not changed alone. One the instance did not confirm is
 * done sending but not known applied: named apart when there is one. What is still to
 * send is named while the set runs, or when it stopped short.
 */
export function progressCounts(changeSet: Pick<ChangeSetSummary, 'state' | 'counts'>) {
  const { applied, skipped, failed, unknown, pending } = changeSet.counts;
  const counts: ProgressCount[] = [
    { label: 'Changed', value: applied },
    { label: 'Skipped', value: skipped },
    { label: 'Failed', value: failed },
  ];
  if (unknown > 0) counts.push({ label: 'Not confirmed', value: unknown });
  if (changeSet.state === 'running' || pending > 0) {
    counts.push({
      label: changeSet.state === 'cancelled' ? 'Not sent' : 'Remaining',
      value: pending,
    });
  }
  return counts;
}

/** A running set's progress in words: "Changing: 56% done (1,680 of 3,000 fields)." */
function runningWords({ changeSet }: Pick<ChangeSetDetail, 'changeSet'>): string {
  const { total, pending } = changeSet.counts;
  const done = formatCount(total - pending);
  return `Changing: ${settledShare({ changeSet })}% done (${done} of ${fieldCount(total)}).`;
}

/** A set's counts on one line, for a list of sets: "56% done: 0 changed · 1,680 skipped · …". */
export function progressLine(changeSet: Pick<ChangeSetSummary, 'state' | 'counts'>): string {
  const parts = progressCounts(changeSet).map(
    ({ label, value }) => `${formatCount(value)} ${label.toLowerCase()}`,
  );
  const line = parts.join(' · ');
  return changeSet.state === 'running' ? `${settledShare({ changeSet })}% done: ${line}` : line;
}

/** A change set's outcome in words: "2 fields changed, 1 skipped." */
export function changeSetSummary({ changeSet }: Pick<ChangeSetDetail, 'changeSet'>): string {
  const { applied, failed, skipped, pending, unknown } = changeSet.counts;
  const parts = [`${fieldCount(applied)} changed`];
  if (skipped > 0) parts.push(`${skipped.toLocaleString()} skipped`);
  if (failed > 0) parts.push(`${failed.toLocaleString()} failed`);
  if (unknown > 0) parts.push(`${unknown.toLocaleString()} not confirmed by the instance`);
  if (changeSet.state === 'running') return runningWords({ changeSet });
  if (changeSet.state === 'cancelled') parts.push(`${pending.toLocaleString()} not sent`);
  const prefix = changeSet.state === 'cancelled' ? 'Cancelled: ' : '';
  return `${prefix}${parts.join(', ')}.`;
}
