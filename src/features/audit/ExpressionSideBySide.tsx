import { Code, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { FieldChange, FieldState } from '../../contract/audit';

const parts: Array<{ key: keyof FieldState; label: string }> = [
  { key: 'name', label: 'Name' },
  { key: 'owner', label: 'Owner' },
  { key: 'status', label: 'Status' },
  { key: 'locked', label: 'Locked' },
];

const shown = (state: FieldState | undefined, key: keyof FieldState) =>
  state === undefined ? '—' : key === 'locked' ? (state.locked ? 'yes' : 'no') : String(state[key]);

/** A change with both states: the parts that differ marked, and the expressions side by side. */
export function ExpressionSideBySide({ change }: { change: FieldChange }) {
  const { before, after } = change;
  return (
    <Stack gap="xs">
      <Table verticalSpacing={2} aria-label={`What changed in field ${change.id}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>Before</Table.Th>
            <Table.Th>After</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {parts.map(({ key, label }) => {
            const was = shown(before, key);
            const is = shown(after, key);
            return (
              <Table.Tr key={key} fw={was !== is ? 700 : undefined}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>{was}</Table.Td>
                <Table.Td>{is}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
        {(['before', 'after'] as const).map((side) => {
          const state = change[side];
          return (
            <Stack gap={2} key={side}>
              <Text size="xs" fw={600}>
                Expression {side}
                {before && after && before.expression === after.expression ? ' (unchanged)' : ''}
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {state ? state.expression : '(no field)'}
              </Code>
            </Stack>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
