import { BarChart } from '@mantine/charts';
import { Anchor, Table, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { MonthCount } from './aggregate-fields';
import { ChartCard } from './ChartCard';
import { recentlyModifiedLink } from './drill-down-links';
import { formatCount, formatMonth } from './format';

function busiestOf(months: MonthCount[]): MonthCount | undefined {
  return months.reduce<MonthCount | undefined>(
    (busiest, month) => (!busiest || month.fields > busiest.fields ? month : busiest),
    undefined,
  );
}

export function ModifiedPerMonthChart({ months }: { months: MonthCount[] }) {
  const title = 'Fields modified per month';
  const data = months.map((entry) => ({ ...entry, label: formatMonth(entry.month) }));
  const busiest = busiestOf(months);
  return (
    <ChartCard
      title={title}
      description={
        <>
          By the month of each field’s last change (UTC).{' '}
          <Anchor component={Link} to={recentlyModifiedLink} inherit underline="always">
            Open the table, most recently modified first
          </Anchor>
        </>
      }
    >
      {busiest && (
        <Text size="sm" mt="xs">
          From {formatMonth(months[0]!.month)} to {formatMonth(months.at(-1)!.month)}; the most in{' '}
          {formatMonth(busiest.month)} ({formatCount(busiest.fields)}).
        </Text>
      )}
      <div aria-hidden>
        <BarChart
          h={260}
          mt="sm"
          data={data}
          dataKey="label"
          series={[{ name: 'fields', label: 'Fields', color: 'blue.7' }]}
          valueFormatter={formatCount}
          accessibilityLayer={false}
          tickLine="y"
        />
      </div>
      <VisuallyHidden>
        <Table aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Month</Table.Th>
              <Table.Th scope="col">Fields modified</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((entry) => (
              <Table.Tr key={entry.month}>
                <Table.Th scope="row">{formatMonth(entry.month)}</Table.Th>
                <Table.Td>{formatCount(entry.fields)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </ChartCard>
  );
}
