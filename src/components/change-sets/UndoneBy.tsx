import { Text } from '@mantine/core';
import type { ChangeSetMention } from '../../contract/journal';
import { ChangeSetLink } from './ChangeSetLink';

/** That a change set was undone, and by which, linked to the undo on the Activity page. */
export function UndoneBy({ undo }: { undo: ChangeSetMention }) {
  return (
    <Text size="sm" c="dimmed">
      Undone by <ChangeSetLink set={undo} />
    </Text>
  );
}
