import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { FieldFinding } from '../../../contract/audit';
import { showHiddenCharacters } from '../../../contract/hidden-characters';
import { fixLink } from '../../../links/fix-link';
import { fixVerbs, groupFix } from '../../../links/group-fix';

/**
 * The fixes a finding offers for this field: its groups' fixes, as the audit page's
 * finding cards offer them (links/group-fix.ts), so a duplicate opens its group's
 * merge, an inactive owner's field its hand-over and a missing column its remap.
 * Hidden characters are removed from this field's name alone.
 */
export function FindingFixes({ finding, fieldId }: { finding: FieldFinding; fieldId: number }) {
  if (finding.key === 'hidden-name-characters') {
    return (
      <Anchor
        component={Link}
        to={fixLink({ workflow: 'hidden-names', ids: [fieldId] })}
        size="sm"
        w="fit-content"
      >
        {fixVerbs['hidden-names']}…
      </Anchor>
    );
  }
  const fixes = finding.groups.flatMap((group) => {
    const target = groupFix(finding.key, group.key);
    return target ? [{ group, target }] : [];
  });
  if (fixes.length === 0) return null;
  return (
    <Group gap="md">
      {fixes.map(({ group, target }) => (
        <Anchor
          key={group.key}
          component={Link}
          to={fixLink(target)}
          size="sm"
          aria-label={`${fixVerbs[target.workflow]}: ${showHiddenCharacters(group.label)}`}
        >
          {fixVerbs[target.workflow]}…
        </Anchor>
      ))}
    </Group>
  );
}
