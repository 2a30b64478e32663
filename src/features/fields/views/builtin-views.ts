import { findingTitles, hiddenNameRule, unusedRule } from '../../../contract/finding-kinds';
import { findingLink } from '../../../links/finding-link';
import { fieldsTableLink } from '../../../links/table-link';

export interface BuiltinView {
  name: string;
  /** What the view shows, in words; shown beside its name. */
  description: string;
  address: string;
}

/**
 * Views every instance has; they cannot be renamed or deleted. Each is a fields-table
 * address, so it sends only filters the API accepts (docs/api.md). "Unused" is the
 * audit's finding of that name (docs/audit.md): whether another field references a
 * field is known only across the whole instance, which no search filter can ask. So is
 * "Hidden characters in names": no search filter looks into the characters of a name.
 * Those two open as the audit's links do, variables shown, so they count what it counts.
 */
export const builtinViews: readonly BuiltinView[] = [
  {
    name: 'Invalid',
    description: 'Status other than VALID',
    address: fieldsTableLink({ invalidOnly: true }),
  },
  {
    name: 'Broken links',
    description: 'A link that is not VALID',
    address: fieldsTableLink({ brokenLinksOnly: true }),
  },
  {
    name: 'Unlocked on cards',
    description: 'Saved on a card, not locked',
    address: fieldsTableLink({ locked: false, onDataSource: false }),
  },
  {
    name: 'Unused',
    description: unusedRule,
    address: findingLink('unused'),
  },
  {
    name: findingTitles['hidden-name-characters'],
    description: hiddenNameRule,
    address: findingLink('hidden-name-characters'),
  },
];

export function isBuiltinViewName(name: string): boolean {
  const wanted = name.trim().toLocaleLowerCase();
  return builtinViews.some((view) => view.name.toLocaleLowerCase() === wanted);
}
