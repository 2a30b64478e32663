import { Group } from '@mantine/core';
import { IconLinkOff } from '../../../components/icons/icons';
import { plural } from '../../../components/plural';
import type { SearchResultItem } from '../../../contract/field';
import { problemsOf } from '../../../contract/copy-orders';
import { InvalidIcon } from './InvalidIcon';

/**
 * One glance at what is wrong with a field: its expression is not valid, or some of
 * its links are broken (problemsOf, which the problems sort counts too). The narrow
 * layout's stand-in for the links and status details.
 */
export function ProblemCell({ field }: { field: Pick<SearchResultItem, 'status' | 'links'> }) {
  const { invalid, brokenLinks: broken } = problemsOf(field);
  if (!invalid && broken === 0) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {invalid && <InvalidIcon />}
      {broken > 0 && (
        <IconLinkOff
          size={16}
          role="img"
          aria-label={plural(broken, 'broken link', 'broken links')}
          color="var(--mantine-color-red-text)"
        />
      )}
    </Group>
  );
}
