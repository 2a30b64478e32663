// The journal's paths, apart from its schemas: the first screen asks who the token is
// without loading zod (contract/journal.ts re-exports them).

export const JOURNAL_BASE = '/api/journal/v1';

export const journalPaths = {
  /** POST: a dry run of a change set, kept for its confirmation; changes no field and sends nothing. */
  plans: `${JOURNAL_BASE}/plans`,
  /** GET `?action&offset&limit`: a page of a kept plan's items, with how many there are. */
  planItems: (id: number | string) => `${JOURNAL_BASE}/plans/${id}/items`,
  /** POST: record a change set (its items, or a kept plan's id) and run it; GET: the change sets, filtered and paged. */
  changeSets: `${JOURNAL_BASE}/change-sets`,
  changeSet: (id: number | string) => `${JOURNAL_BASE}/change-sets/${id}`,
  /** GET: a set's summary alone (its state and counts), to follow a large set as it runs. */
  summary: (id: number | string) => `${JOURNAL_BASE}/change-sets/${id}/summary`,
  /** GET `?state&offset&limit`: a page of a set's items, in the set's order, with how many there are. */
  items: (id: number | string) => `${JOURNAL_BASE}/change-sets/${id}/items`,
  /** POST: stop a running set after the batch in flight; what is done stays done. */
  cancel: (id: number | string) => `${JOURNAL_BASE}/change-sets/${id}/cancel`,
  /** POST: send the failed items of a set again. */
  retry: (id: number | string) => `${JOURNAL_BASE}/change-sets/${id}/retry`,
  /** POST: read each item of an incomplete set back from the instance and record what is so. */
  check: (id: number | string) => `${JOURNAL_BASE}/change-sets/${id}/check`,
  /** POST `{dryRun}`: undo a change set, as a change set of its own. */
  undo: (id: number | string) => `${JOURNAL_BASE}/change-sets/${id}/undo`,
  /** GET: every recorded version of one field. */
  fieldHistory: (id: number | string) => `${JOURNAL_BASE}/fields/${id}/history`,
  /** GET: who the token is and whether it may write. */
  me: `${JOURNAL_BASE}/me`,
} as const;
