import { Anchor, Text } from '@mantine/core';
import { DateTime } from '../../components/DateTime';
import { inAppLink } from '../../components/in-app-links';
import type { ChangeAuthor } from '../../contract/audit';
import { changeSetName } from '../../contract/change-set-name';
import { changeSetAddress } from '../../links/activity-address';
import { UserText } from '../../components/UserText';

/**
 * Who made a change between two scans and when, each with its change set on the
 * Activity page. Nothing for a change the journal did not record: it was made
 * outside this app.
 */
export function ChangeAuthors({ authors }: { authors: readonly ChangeAuthor[] | undefined }) {
  if (!authors?.length) return null;
  return (
    <>
      {authors.map((author) => (
        <Text key={author.changeSetId} size="xs" c="dimmed">
          Changed by <UserText text={author.person} /> at <DateTime epochMs={author.at} withTime />{' '}
          (
          <a
            href={changeSetAddress({
              id: author.changeSetId,
              person: author.person,
              at: author.at,
            })}
            {...inAppLink}
            className={Anchor.classes.root}
            // Inside a sentence of dimmed text, colour alone does not set a link apart.
            data-underline="always"
          >
            {changeSetName(author.changeSetId)}
          </a>
          )
        </Text>
      ))}
    </>
  );
}
