import { searchItemOf } from '../../../contract/field';
import type { CalculatedField } from '../../../contract/field';
import type { CurrentMembers } from '../storage/current-members';

/** The search results of the fields given, as JSON, from their current versions. */
export function searchItemsJson(current: CurrentMembers, ids: readonly number[]): string[] {
  const bodies = current.bodies(ids);
  return ids.flatMap((id) => {
    const body = bodies.get(id);
    return body === undefined
      ? []
      : [JSON.stringify(searchItemOf(JSON.parse(body) as CalculatedField))];
  });
}
