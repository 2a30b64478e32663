import { Anchor, Badge, Paper, Table, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { ProblemsRow } from '../../contract/audit';
import { findingTitles, problemsTableFindings as columns } from '../../contract/audit';
import { inAppLink } from '../../components/in-app-links';
import { fieldCount } from '../../components/plural';
import { NamedIdCell } from '../../components/plain-mantine/NamedIdCell';
import { fixLink } from '../../links/fix-link';
import { isOwnerId } from '../../links/table-address';
import { findingLink } from '../../links/finding-link';
import { CountLink } from './CountLink';
import { formatCount } from './format';
import classes from './tables.module.css';
import { showHiddenCharacters } from '../../contract/hidden-characters';

/**
 * Problems by owner or by data source: each count opens that finding's fields of that one.
 * An owner the instance reports inactive is said to be so: each of their fields is
 * "Owned by inactive users", the finding's title, as exports name it too.
 */
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
        <div className={classes.scroller}>
          <Table
            aria-labelledby={headingId}
            verticalSpacing={4}
            className={`${classes.table} ${classes.stackOnPhone}`}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{by === 'owner' ? 'Owner' : 'Data source'}</Table.Th>
                {columns.map((key) => (
                  <Table.Th key={key} className={classes.count}>
                    {findingTitles[key]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row) => (
                // Plain rows and cells with the table's classes: the same look as Table.Tr
                // and Table.Td without their style work per cell (docs/audit.md).
                <tr key={row.id} className={Table.classes.tr} data-with-row-border>
                  <td className={Table.classes.td}>
                    <NamedIdCell
                      name={row.name}
                      id={row.id}
                      what={by === 'owner' ? 'owner' : 'data source'}
                      wrap
                    />
                    {by === 'owner' && row.counts['inactive-owners'] > 0 && (
                      <Badge size="xs" variant="light" color="gray" ml={4}>
                        inactive
                      </Badge>
                    )}
                    {by === 'owner' && isOwnerId(row.id) && (
                      <a
                        href={fixLink({ workflow: 'handover', from: Number(row.id) })}
                        {...inAppLink}
                        className={`${Anchor.classes.root} ${classes.rowAction}`}
                        data-underline="hover"
                        aria-label={`Hand over the fields of ${row.name === undefined ? `owner ${row.id}` : showHiddenCharacters(row.name)}`}
                      >
                        Hand over…
                      </a>
                    )}
                  </td>
                  {columns.map((key) => (
                    <td
                      key={key}
                      className={`${Table.classes.td} ${classes.count}`}
                      data-label={findingTitles[key]}
                    >
                      {row.counts[key] > 0 ? (
                        <CountLink
                          to={findingLink(key, undefined, filtersOf(row))}
                          label={`${fieldCount(row.counts[key])}: ${findingTitles[key]}, ${row.name === undefined ? row.id : showHiddenCharacters(row.name)}`}
                        >
                          {formatCount(row.counts[key])}
                        </CountLink>
                      ) : (
                        <span className={classes.none}>0</span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}
      {table.total > table.rows.length && (
        <Text size="xs" c="dimmed" mt="xs">
          The {formatCount(table.rows.length)} with the most problems of {formatCount(table.total)}.
        </Text>
      )}
    </Paper>
  );
}
