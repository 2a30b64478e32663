import { plural } from '../../../components/plural';
import type { Link } from '../../../contract/field';
import { isBrokenLink } from '../../../contract/field';

/** "no links", "3 links, all VALID", or the count of each validity that is not VALID. */
export function linkValiditySummary(links: readonly Link[]): string {
  if (links.length === 0) return 'no links';
  const total = plural(links.length, 'link', 'links');
  const notValid = new Map<string, number>();
  for (const link of links) {
    if (isBrokenLink(link)) notValid.set(link.valid, (notValid.get(link.valid) ?? 0) + 1);
  }
  if (notValid.size === 0) return `${total}, all VALID`;
  const counts = [...notValid]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([validity, count]) => `${count} ${validity}`);
  return [total, ...counts].join(', ');
}
