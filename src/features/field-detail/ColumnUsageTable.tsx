import { Badge, Table, Text, Title } from '@mantine/core';
import type { ColumnPosition } from '../../contract/field';
import { columnUsage } from './expression-segments';
import type { ColumnChipProps } from './use-column-highlight';

/** The columns the expression references; pointing at one marks its uses in the expression. */
export function ColumnUsageTable({
  columnPositions,
  activeColumn,
  chipProps,
}: {
  columnPositions: ColumnPosition[];
  activeColumn?: string;
  chipProps: (column: string) => ColumnChipProps;
}) {
  const usage = columnUsage(columnPositions);
  return (
    <section aria-labelledby="columns-heading">
      <Title order={3} size="h4" id="columns-heading" mb="xs">
        Columns
      </Title>
      {usage.length === 0 ? (
        <Text size="sm">The expression references no columns.</Text>
      ) : (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Column</Table.Th>
              <Table.Th scope="col">Positions</Table.Th>
              <Table.Th scope="col">Uses</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {usage.map(({ columnName, positions }) => (
              <Table.Tr key={columnName}>
                <Table.Td>
                  <Badge
                    component="button"
                    type="button"
                    variant={columnName === activeColumn ? 'filled' : 'light'}
                    tt="none"
                    title="Point at it to see its uses; click to keep them marked"
                    {...chipProps(columnName)}
                  >
                    {columnName}
                  </Badge>
                </Table.Td>
                <Table.Td ff="monospace">{positions.join(', ')}</Table.Td>
                <Table.Td>{positions.length}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </section>
  );
}
