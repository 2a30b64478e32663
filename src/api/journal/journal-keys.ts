import type { ChangeSetQuery } from '../../contract/journal';

/** Hierarchical query keys: invalidating `journalKeys.all` reaches every cached view of the journal. */
export const journalKeys = {
  all: ['journal'] as const,
  me: () => [...journalKeys.all, 'me'] as const,
  changeSetLists: () => [...journalKeys.all, 'change-sets'] as const,
  changeSets: (query: ChangeSetQuery) => [...journalKeys.changeSetLists(), query] as const,
  changeSet: (id: number) => [...journalKeys.all, 'change-set', id] as const,
  /** Under the set's own key: what refreshes the set refreshes its summary too. */
  changeSetSummary: (id: number) => [...journalKeys.changeSet(id), 'summary'] as const,
  /** Pages of a set's items, under the set's own key. */
  changeSetItems: (id: number) => [...journalKeys.changeSet(id), 'items'] as const,
  /** Pages of a kept dry run's items. */
  planItems: (id: number) => [...journalKeys.all, 'plan', id, 'items'] as const,
  fieldHistories: () => [...journalKeys.all, 'field-history'] as const,
  fieldHistory: (id: number) => [...journalKeys.fieldHistories(), id] as const,
};
