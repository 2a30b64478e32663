import { Anchor, Paper, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { FindingKey, ProblemsRow } from '../../contract/audit';
import { findingTitles } from '../../contract/audit';
import { NamedId } from '../../components/NamedId';
import { findingLink } from './drill-down-links';
import { formatCount } from './format';

const columns: FindingKey[] = [
  'invalid',
  'broken-references',
  'broken-dependencies',
  'unused',
  'exact-duplicates',
  'lint',
];

/** Problems by owner or by data source: each count opens that finding's fields of that one. */
export function ProblemsTable({
  title,
  by,
  table,
}: {
  title: string;
  by: 'owner' | 'dataSource';
  table: { rows: ProblemsRow[]; total: number };
}) {
  const headingId = useId();
  const filtersOf = (row: ProblemsRow) =>
    by === 'owner' ? { owners: [Number(row.id)] } : { dataSources: [row.id] };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {title}
      </Title>
      {table.rows.length === 0 ? (
        <Text size="sm" mt="sm">
          No field has a problem.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-labelledby={headingId} mt="sm" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{by === 'owner' ? 'Owner' : 'Data source'}</Table.Th>
                {columns.map((key) => (
                  <Table.Th key={key} ta="right">
                    {findingTitles[key]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <NamedId
                      name={row.name}
                      id={row.id}
                      what={by === 'owner' ? 'owner' : 'data source'}
                    />
                  </Table.Td>
                  {columns.map((key) => (
                    <Table.Td key={key} ta="right">
                      {row.counts[key] > 0 ? (
                        <Anchor
                          component={Link}
                          to={findingLink(key, undefined, filtersOf(row))}
                          aria-label={`${formatCount(row.counts[key])} fields: ${findingTitles[key]}, ${row.name ?? row.id}`}
                        >
                          {formatCount(row.counts[key])}
                        </Anchor>
                      ) : (
                        <Text span c="dimmed">
                          0
                        </Text>
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {table.total > table.rows.length && (
        <Text size="xs" c="dimmed" mt="xs">
          The {formatCount(table.rows.length)} with the most problems of {formatCount(table.total)}.
        </Text>
      )}
    </Paper>
  );
}
