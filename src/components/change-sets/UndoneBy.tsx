import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ChangeSetMention } from '../../contract/journal';
import { changeSetAddress } from '../../links/activity-address';

/**
 * That a change set was undone, and by which, linked to the undo on the Activity page
 * (its person and day narrow the page to it).
 */
export function UndoneBy({ undo }: { undo: ChangeSetMention }) {
  const { changeSetId: id, person, at } = undo;
  return (
    <Text size="sm" c="dimmed">
      Undone by{' '}
      <Anchor component={Link} to={changeSetAddress({ id, person, at })} inherit>
        change set #{id}
      </Anchor>
    </Text>
  );
}
