import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { Headline, TrendPoint } from '../../contract/audit';
import { ChartCard } from './ChartCard';
import { formatCount } from './format';

const series: Array<{ name: keyof Headline; label: string; color: string }> = [
  { name: 'unused', label: 'Unused', color: 'gray.6' },
  { name: 'invalid', label: 'Invalid', color: 'red.8' },
  { name: 'brokenReferences', label: 'Broken references', color: 'orange.7' },
  { name: 'exactDuplicates', label: 'Exact duplicates', color: 'violet.6' },
  { name: 'lint', label: 'Lint', color: 'blue.7' },
];

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** The headline numbers across the kept scans, drawn with recharts (loaded apart from the page). */
export function TrendChart({ points }: { points: TrendPoint[] }) {
  const title = 'Problems across scans';
  if (points.length < 2) {
    return (
      <ChartCard title={title}>
        <Text size="sm" mt="sm">
          The trend appears once there are two complete scans.
        </Text>
      </ChartCard>
    );
  }
  const data = points.map((point) => ({
    ...point.headline,
    label: `#${point.scanId} ${dateFormat.format(point.finished)}`,
  }));
  return (
    <ChartCard title={title} description="One point per complete scan kept, oldest first.">
      <div aria-hidden>
        <LineChart
          h={260}
          mt="sm"
          data={data}
          dataKey="label"
          series={series}
          valueFormatter={formatCount}
          withLegend
          accessibilityLayer={false}
          curveType="linear"
        />
      </div>
      <VisuallyHidden>
        <Table aria-label={title}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Scan</Table.Th>
              {series.map((entry) => (
                <Table.Th key={entry.name} scope="col">
                  {entry.label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((row) => (
              <Table.Tr key={row.label}>
                <Table.Th scope="row">{row.label}</Table.Th>
                {series.map((entry) => (
                  <Table.Td key={entry.name}>{formatCount(row[entry.name])}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </ChartCard>
  );
}
