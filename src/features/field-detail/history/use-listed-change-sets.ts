import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMe } from '../../../api/journal/get-me';
import { changeSetsQueryOptions } from '../../../api/journal/list-change-sets';
import type { ChangeSetSummary, FieldHistory } from '../../../contract/journal';
import { MAX_CHANGE_SETS_LISTED } from '../../../contract/journal';
import { mayActOnChangeSet } from '../../../contract/who-may-change';

/**
 * The change sets of the field as the journal lists them, by id: whether each was undone,
 * which the history does not say. Read only when some version may be undone by this
 * person. Undefined until they are read, so Undo never flashes;
 * empty when they could not be, and then Undo is offered and the journal explains a refusal.
 * A field with more sets than one list holds has its oldest offered the same way.
 */
export function useListedChangeSets(
  fieldId: number,
  versions: readonly FieldHistory['versions'][number][],
): ReadonlyMap<number, ChangeSetSummary> | undefined {
  const me = useMe().data;
  const mayUndoAny = me !== undefined && versions.some(({ kind }) => mayActOnChangeSet(me, kind));
  const list = useQuery({
    ...changeSetsQueryOptions({ fieldId, limit: MAX_CHANGE_SETS_LISTED, offset: 0 }),
    enabled: mayUndoAny,
  });
  return useMemo(() => {
    if (list.isError) return new Map();
    return list.data && new Map(list.data.changeSets.map((set) => [set.id, set]));
  }, [list.data, list.isError]);
}
