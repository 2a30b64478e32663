import { Kbd, Modal, Table } from '@mantine/core';
import { memo } from 'react';
import { useInertApp } from '../../../components/use-inert-app';

const shortcuts: [keys: string[], what: string][] = [
  [['/'], 'Search by name'],
  [['j', '↓'], 'Next row'],
  [['k', '↑'], 'Previous row'],
  [['Enter'], 'Open the row’s field'],
  [['l'], 'Lock or unlock the row’s field'],
  [['z'], 'Undo the last lock or unlock'],
  [['x'], 'Select the row for bulk actions'],
  [['[', ']'], 'Previous or next field, in the open field'],
  [['Esc'], 'Close the field or this list'],
  [['?'], 'This list'],
];

/** The table's keyboard shortcuts, opened with `?`. */
export const ShortcutHelp = memo(function ShortcutHelp({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  // Its header would otherwise be a second banner beside the app's.
  useInertApp(opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Keyboard shortcuts"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Table aria-label="Keyboard shortcuts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Keys</Table.Th>
            <Table.Th scope="col">What they do</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shortcuts.map(([keys, what]) => (
            <Table.Tr key={what}>
              <Table.Td>
                {keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && ' or '}
                    <Kbd>{key}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
});
