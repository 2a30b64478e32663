import type { Finding } from '../finding';
import { ascending, byGroupSize, groupIds } from '../finding';
import type { FindingContext } from '../finding-context';

/** Fields sharing a check sum with at least one other field: identical expressions. */
export function exactDuplicates({ fields }: FindingContext): Finding {
  const bySum = groupIds(
    [...fields.values()]
      .filter((field) => field.checkSum !== '')
      .map((field): [string, number] => [field.checkSum, field.id]),
  );
  const groups = [...bySum]
    .filter(([, ids]) => ids.length > 1)
    .map(([key, ids]) => ({ key, ids }))
    .sort(byGroupSize);
  return {
    key: 'exact-duplicates',
    ids: ascending(groups.flatMap((group) => group.ids)),
    groups,
    notes: new Map(),
  };
}

/**
 * Fields whose expressions have the same shape (field-facts.ts, expressionShape)
 * while not all being identical: the same formula written differently.
 */
export function nearDuplicates({ fields }: FindingContext): Finding {
  const byShape = groupIds(
    [...fields.values()]
      .filter((field) => field.shape !== '')
      .map((field): [string, number] => [field.shape, field.id]),
  );
  const groups = [...byShape]
    .filter(([, ids]) => new Set(ids.map((id) => fields.get(id)!.checkSum)).size > 1)
    .map(([key, ids]) => ({ key, ids }))
    .sort(byGroupSize);
  return {
    key: 'near-duplicates',
    ids: ascending(groups.flatMap((group) => group.ids)),
    groups,
    notes: new Map(),
  };
}
