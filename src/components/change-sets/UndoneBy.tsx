import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { ChangeSetSummary } from '../../contract/journal';
import { changeSetAddress } from '../../links/activity-address';

/**
 * That a change set was undone, and by which, linked to the undo on the Activity page
 * when the undo's summary is at hand (its person and day narrow the page to it).
 */
export function UndoneBy({ id, undo }: { id: number; undo: ChangeSetSummary | undefined }) {
  const words = `change set #${id}`;
  return (
    <Text size="sm" c="dimmed">
      Undone by{' '}
      {undo ? (
        <Anchor
          component={Link}
          to={changeSetAddress({ id, person: undo.person, at: undo.createdAt })}
          inherit
        >
          {words}
        </Anchor>
      ) : (
        words
      )}
    </Text>
  );
}
