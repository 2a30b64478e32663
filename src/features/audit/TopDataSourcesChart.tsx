import { BarChart } from '@mantine/charts';
import { Anchor, Table, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import type { DataSourceBreakage } from './aggregate-fields';
import { ChartCard } from './ChartCard';
import { dataSourceBrokenLinksLink } from './drill-down-links';
import { formatCount } from './format';
import classes from './charts.module.css';

/** Data source ids are uuids: the axis shows their start, the table all of it. */
function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}

export function TopDataSourcesChart({ dataSources }: { dataSources: DataSourceBreakage[] }) {
  const navigate = useNavigate();
  const title = 'Top data sources by broken links';
  if (dataSources.length === 0) {
    return (
      <ChartCard title={title}>
        <Text size="sm" mt="sm">
          No field linked to a data source has a broken link.
        </Text>
      </ChartCard>
    );
  }
  const data = dataSources.map((entry) => ({ ...entry, label: shortId(entry.dataSource) }));
  return (
    <ChartCard
      title={title}
      description="Fields linked to each data source that have a broken link."
    >
      <div aria-hidden className={classes.clickable}>
        <BarChart
          h={40 + dataSources.length * 34}
          mt="sm"
          data={data}
          dataKey="label"
          orientation="vertical"
          series={[{ name: 'fieldsWithBrokenLinks', label: 'Fields', color: 'orange.7' }]}
          valueFormatter={formatCount}
          accessibilityLayer={false}
          yAxisProps={{ width: 80 }}
          gridAxis="y"
          barProps={{
            onClick: (bar) =>
              void navigate(
                dataSourceBrokenLinksLink((bar.payload as DataSourceBreakage).dataSource),
              ),
          }}
        />
      </div>
      <Table aria-label={title} mt="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Data source</Table.Th>
            <Table.Th scope="col" ta="right">
              Fields with broken links
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {dataSources.map((entry) => (
            <Table.Tr key={entry.dataSource}>
              <Table.Th scope="row" fw={400} className={classes.id}>
                {entry.dataSource}
              </Table.Th>
              <Table.Td ta="right" className={classes.count}>
                <Anchor
                  component={Link}
                  to={dataSourceBrokenLinksLink(entry.dataSource)}
                  aria-label={`${formatCount(entry.fieldsWithBrokenLinks)} fields with broken links on data source ${entry.dataSource}`}
                >
                  {formatCount(entry.fieldsWithBrokenLinks)}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ChartCard>
  );
}
