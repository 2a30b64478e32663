import type { CalculatedField } from '../../contract/field';
import { apiPaths } from '../../contract/paths';
import { errorBody } from '../server/api-error';
import { hasValuesOf } from './field-states';
import type { ItemOutcome, StoredItem } from './journal-store';
import type { JournalTarget } from './journal-target';

/**
 * Reads each unfinished item of a set back from the instance and says whether it
 * was applied: a deleted field is gone, a restored one is there, an updated one
 * has every value the update set. One not applied is failed, so a retry sends it.
 */
export async function checkItems(
  target: JournalTarget,
  items: readonly StoredItem[],
): Promise<Array<{ position: number; outcome: ItemOutcome }>> {
  const open = items.filter((item) => item.state === 'pending' || item.state === 'unknown');
  const current = await target.read(open.map((item) => item.newId ?? item.fieldId));
  return open.map((item) => {
    const field = current.get(item.newId ?? item.fieldId);
    return { position: item.position, outcome: outcomeOf(item, field) };
  });
}

function outcomeOf(item: StoredItem, field: CalculatedField | undefined): ItemOutcome {
  const { change } = item;
  const applied =
    'delete' in change
      ? field === undefined
      : 'restore' in change
        ? field !== undefined
        : // A repoint still recorded as one was never sent: its update was not known yet.
          'update' in change && field !== undefined && hasValuesOf(field, change.update);
  if (applied) return { state: 'applied', after: field ?? null };
  return {
    state: 'failed',
    error: errorBody(
      409,
      'not applied: the instance does not show this change; retry sends it',
      apiPaths.template(item.fieldId),
    ),
  };
}
