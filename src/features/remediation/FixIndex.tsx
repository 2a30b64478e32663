import { Anchor, List, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { fixLink } from '../../links/fix-link';
import { fixTitles } from './fix-titles';

const openAlone = [
  {
    link: fixLink({ workflow: 'cleanup' }),
    title: fixTitles.cleanup,
    what: 'archive or delete the fields nothing uses',
  },
  {
    link: fixLink({ workflow: 'replace', view: {} }),
    title: fixTitles.replace,
    what: 'change a text in the expressions of the fields the table shows',
  },
  {
    link: fixLink({ workflow: 'hidden-names' }),
    title: fixTitles['hidden-names'],
    what: 'rename each name that holds characters no one sees',
  },
];

/** The /fix page when its address names no fix: what each fix does, and where it starts. */
export function FixIndex() {
  return (
    <Stack gap="sm">
      <Text size="sm">
        Each fix shows what it will change before anything is sent, and what it changed can be
        undone on the Activity page.
      </Text>
      <List spacing="xs" size="sm">
        {openAlone.map(({ link, title, what }) => (
          <List.Item key={title}>
            <Anchor component={Link} to={link} underline="always">
              {title}
            </Anchor>
            : {what}.
          </List.Item>
        ))}
      </List>
      <Text size="sm">
        Three more start from what they fix, listed on the{' '}
        <Anchor component={Link} to="/audit" underline="always">
          Audit page
        </Anchor>
        : a merge from a group of duplicates, a remap from a missing column, and a hand-over from
        the fields of an owner who left.
      </Text>
    </Stack>
  );
}
