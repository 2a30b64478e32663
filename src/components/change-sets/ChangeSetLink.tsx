import { Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { changeSetName } from '../../contract/change-set-name';
import type { ChangeSetMention } from '../../contract/journal';
import { changeSetAddress } from '../../links/activity-address';

/** "change set 12" (`changeSetName`), linked to it on the Activity page (its person and day narrow the page to it). */
export function ChangeSetLink({ set }: { set: ChangeSetMention }) {
  const { changeSetId: id, person, at } = set;
  return (
    <Anchor component={Link} to={changeSetAddress({ id, person, at })} inherit>
      {changeSetName(id)}
    </Anchor>
  );
}
