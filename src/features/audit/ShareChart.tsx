import { DonutChart } from '@mantine/charts';
import { Anchor, ColorSwatch, getThemeColor, Group, Table, useMantineTheme } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import { ChartCard } from './ChartCard';
import { formatCount, formatShare } from './format';
import classes from './charts.module.css';

export interface Slice {
  label: string;
  value: number;
  color: MantineColor;
  /** The fields table filtered to this slice. */
  link: string;
}

/**
 * Parts of the whole as a donut, and as a table that is both its text alternative
 * and its legend; each row's label is the link the slice opens.
 */
export function ShareChart({ title, slices }: { title: string; slices: Slice[] }) {
  const navigate = useNavigate();
  const theme = useMantineTheme();
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const linkOf = new Map(slices.map((slice) => [slice.label, slice.link]));
  return (
    <ChartCard title={title}>
      <Group gap="xl" mt="sm" className={classes.share}>
        <div aria-hidden className={classes.clickable}>
          <DonutChart
            data={slices.map(({ label, value, color }) => ({ name: label, value, color }))}
            size={150}
            thickness={26}
            tooltipDataSource="segment"
            valueFormatter={formatCount}
            accessibilityLayer={false}
            // The table beside the donut is its keyboard and screen-reader equivalent.
            pieProps={{ rootTabIndex: -1 }}
            cellProps={(cell) => ({ onClick: () => void navigate(linkOf.get(cell.name)!) })}
          />
        </div>
        <Table aria-label={title} className={classes.table}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Fields</Table.Th>
              <Table.Th scope="col" ta="right">
                Count
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Share
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {slices.map((slice) => (
              <Table.Tr key={slice.label}>
                <Table.Th scope="row" fw={400}>
                  <Group gap={8} wrap="nowrap">
                    <ColorSwatch color={getThemeColor(slice.color, theme)} size={12} aria-hidden />
                    <Anchor component={Link} to={slice.link}>
                      {slice.label}
                    </Anchor>
                  </Group>
                </Table.Th>
                <Table.Td ta="right" className={classes.count}>
                  {formatCount(slice.value)}
                </Table.Td>
                <Table.Td ta="right" className={classes.count}>
                  {formatShare(slice.value, total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Group>
    </ChartCard>
  );
}
