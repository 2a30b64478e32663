import type { PlanCounts } from '../../contract/journal';
import { fieldCount } from '../plural';

/**
 * What an undo's dry run found, in words, wherever an undo is offered: fields put back,
 * fields made to name a restored field's new id, fields refused.
 */
export function undoCountWords({ change, skip, repoint = 0 }: PlanCounts): string {
  const words = [`${fieldCount(change - repoint)} will be put back as before.`];
  if (repoint > 0)
    words.push(`${fieldCount(repoint)} that nested a deleted field will name its new id.`);
  if (skip > 0) words.push(`${fieldCount(skip)} will be refused.`);
  return words.join(' ');
}
