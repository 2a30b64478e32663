/** Query keys of the journal's API; invalidating `journalKeys.all` refreshes every view of it. */
export const journalKeys = {
  all: ['journal'] as const,
  me: () => [...journalKeys.all, 'me'] as const,
  changeSet: (id: number) => [...journalKeys.all, 'change-set', id] as const,
  fieldHistory: (id: number) => [...journalKeys.all, 'field-history', id] as const,
};
