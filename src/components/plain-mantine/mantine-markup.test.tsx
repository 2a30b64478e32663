import { ActionIcon, Badge, CopyButton, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCopy } from '../icons/icons';
import { test } from 'vitest';
import { sameMarkup } from '../../test-support/same-markup';
import { NamedId } from '../NamedId';
import { StatusBadge } from '../StatusBadge';
import { UserText } from '../UserText';
import { mantineClasses, tableClasses, tableStyle } from './mantine-markup';
import { NamedIdCell } from './NamedIdCell';

// The table draws Mantine's markup with plain elements (mantine-markup.ts): each case
// renders Mantine's component and the plain one and compares them element by element.

const copyButton = (id: string) => (
  <CopyButton value={id}>
    {({ copy }) => (
      <ActionIcon
        size="xs"
        variant="subtle"
        color="gray"
        aria-label={`Copy the owner id ${id}`}
        onClick={copy}
      >
        <IconCopy size={12} />
      </ActionIcon>
    )}
  </CopyButton>
);

test('a named id in a cell is NamedId’s Group, Text and copy button', async () => {
  await sameMarkup(
    <Group
      gap={4}
      wrap="nowrap"
      component="span"
      style={{ display: 'inline-flex', maxWidth: '100%' }}
    >
      <Text span inherit truncate>
        <UserText text="Ada" />
      </Text>
      {copyButton('17')}
    </Group>,
    <NamedIdCell name="Ada" id={17} what="owner" />,
    { drawnIcons: true },
  );
});

test('an id without a name in a cell is NamedId’s monospace Text', async () => {
  await sameMarkup(
    <Group
      gap={4}
      wrap="nowrap"
      component="span"
      style={{ display: 'inline-flex', maxWidth: '100%' }}
    >
      <Text span inherit ff="monospace" truncate>
        17
      </Text>
      {copyButton('17')}
    </Group>,
    <NamedIdCell id={17} what="owner" />,
    { drawnIcons: true },
  );
});

test.each([{ name: 'Ada' }, { name: undefined }])(
  'a named id wrapped over lines is NamedId itself (name: $name)',
  async ({ name }) => {
    await sameMarkup(
      <NamedId name={name} id={17} what="owner" />,
      <NamedIdCell name={name} id={17} what="owner" wrap />,
      { drawnIcons: true },
    );
  },
);

test('a valid status is a quiet Group with Text; any other a red Badge', async () => {
  await sameMarkup(
    <Group gap={4} wrap="nowrap">
      <IconCircleCheck size={16} color="var(--mantine-color-teal-text)" aria-hidden />
      <Text size="sm">VALID</Text>
    </Group>,
    <StatusBadge status="VALID" />,
    { drawnIcons: true },
  );
});

test('a status other than valid is Mantine’s filled red Badge', async () => {
  await sameMarkup(
    <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={12} />}>
      INVALID
    </Badge>,
    <StatusBadge status="INVALID" />,
  );
});

test('text for screen readers only is Mantine’s VisuallyHidden', async () => {
  await sameMarkup(
    <VisuallyHidden>more links</VisuallyHidden>,
    <span className={mantineClasses.visuallyHidden}>more links</span>,
  );
});

test('a table drawn with plain elements is Mantine’s Table with a sticky header and hover', async () => {
  await sameMarkup(
    <Table stickyHeader highlightOnHover aria-label="Fields">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Name</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <tbody>
        <Table.Tr>
          <Table.Td>Revenue</Table.Td>
        </Table.Tr>
      </tbody>
    </Table>,
    <table className={tableClasses.table} style={tableStyle} aria-label="Fields">
      <thead className={tableClasses.thead} data-sticky>
        <tr className={tableClasses.tr} data-with-row-border data-hover>
          <th className={tableClasses.th} scope="col">
            Name
          </th>
        </tr>
      </thead>
      <tbody>
        <tr className={tableClasses.tr} data-with-row-border data-hover>
          <td className={tableClasses.td}>Revenue</td>
        </tr>
      </tbody>
    </table>,
  );
});
