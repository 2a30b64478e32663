import { useQueryStates } from 'nuqs';
import type { ActivityAddress } from '../../links/activity-address';
import { activityAddress } from '../../links/activity-address';

export type ActivityFilters = ActivityAddress;

/** The Activity page's filters and the set a link points at, read from and written to its address. */
export function useActivityFilters() {
  return useQueryStates(activityAddress);
}
