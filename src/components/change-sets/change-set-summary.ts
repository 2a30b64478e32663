import type { ChangeSetDetail } from '../../contract/journal';
import { fieldCount } from '../plural';

/** How much of a change set has been settled (applied, skipped or failed), in percent. */
export function settledShare({ changeSet }: Pick<ChangeSetDetail, 'changeSet'>) {
  const { total, pending } = changeSet.counts;
  return total === 0 ? 100 : Math.round(((total - pending) / total) * 100);
}

/** A change set's outcome in words: "2 fields changed, 1 skipped." */
export function changeSetSummary({ changeSet }: Pick<ChangeSetDetail, 'changeSet'>): string {
  const { applied, failed, skipped, pending, unknown } = changeSet.counts;
  const parts = [`${fieldCount(applied)} changed`];
  if (skipped > 0) parts.push(`${skipped.toLocaleString()} skipped`);
  if (failed > 0) parts.push(`${failed.toLocaleString()} failed`);
  if (unknown > 0) parts.push(`${unknown.toLocaleString()} not confirmed by the instance`);
  if (changeSet.state === 'running') return `Changing: ${settledShare({ changeSet })}% done.`;
  if (changeSet.state === 'cancelled') parts.push(`${pending.toLocaleString()} not sent`);
  const prefix = changeSet.state === 'cancelled' ? 'Cancelled: ' : '';
  return `${prefix}${parts.join(', ')}.`;
}
