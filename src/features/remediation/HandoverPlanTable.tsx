import { Button, Checkbox, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { PreviewItemsProps } from './PreviewItems';
import { nameWithId, sharedNames } from '../../components/shared-names';
import { formatCount } from '../../components/plural';
import { showHiddenCharacters } from '../../contract/hidden-characters';
import { UserText } from '../../components/UserText';

/** Rows shown at first; a departed owner of thousands of fields is shown a page at a time. */
const PAGE = 100;

/**
 * The hand-over plan, one row a field: where it lives, to whom and by which rule,
 * or why it cannot be handed over. Each field to hand over can be left out.
 */
export function HandoverPlanTable({ preview, excluded, onToggle }: PreviewItemsProps) {
  const [shown, setShown] = useState(PAGE);
  const { counts, items } = preview;
  const shared = sharedNames(items);
  return (
    <Stack gap="xs">
      <Text role="status">
        {preview.summary}: {formatCount(counts.change)} to hand over, {formatCount(counts.skip)}{' '}
        not.
      </Text>
      <Table.ScrollContainer minWidth={640}>
        <Table withTableBorder striped aria-label="Hand-over plan">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Hand over</Table.Th>
              <Table.Th>Field</Table.Th>
              <Table.Th>Where it lives</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Rule, or why not</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.slice(0, shown).map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td>
                  {item.action === 'change' && (
                    <Checkbox
                      aria-label={`Hand over ${showHiddenCharacters(nameWithId(item, shared))}`}
                      checked={!excluded.has(item.id)}
                      onChange={() => onToggle(item.id)}
                    />
                  )}
                </Table.Td>
                <Table.Th scope="row" fw={600}>
                  <UserText text={nameWithId(item, shared)} />
                </Table.Th>
                <Table.Td>
                  {item.place === undefined ? '—' : <UserText text={item.place} />}
                </Table.Td>
                <Table.Td>{item.to === undefined ? '—' : <UserText text={item.to} />}</Table.Td>
                <Table.Td>{item.action === 'skip' ? item.reason : item.rule}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {items.length > shown && (
        <Button variant="subtle" w="fit-content" onClick={() => setShown(shown + PAGE)}>
          Show {Math.min(PAGE, items.length - shown)} more of {items.length - shown}
        </Button>
      )}
    </Stack>
  );
}
