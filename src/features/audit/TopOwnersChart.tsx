import { BarChart } from '@mantine/charts';
import {
  Anchor,
  ColorSwatch,
  getThemeColor,
  Group,
  Table,
  Text,
  useMantineTheme,
} from '@mantine/core';
import { Link, useNavigate } from 'react-router-dom';
import type { OwnerProblems } from './aggregate-fields';
import { ChartCard } from './ChartCard';
import { ownerProblemLink } from './drill-down-links';
import type { OwnerProblem } from './drill-down-links';
import { formatCount } from './format';
import classes from './charts.module.css';

const problems: Array<{ name: OwnerProblem; label: string; color: string }> = [
  { name: 'invalid', label: 'Invalid', color: 'red.8' },
  { name: 'brokenLinks', label: 'Broken links', color: 'orange.7' },
];

function ProblemCount({ owner, problem }: { owner: OwnerProblems; problem: OwnerProblem }) {
  const count = owner[problem];
  if (count === 0) return <>0</>;
  const what = problem === 'invalid' ? 'invalid fields' : 'fields with broken links';
  return (
    <Anchor
      component={Link}
      to={ownerProblemLink(owner.owner, problem)}
      aria-label={`${formatCount(count)} ${what} of owner ${owner.owner}`}
    >
      {formatCount(count)}
    </Anchor>
  );
}

export function TopOwnersChart({ owners }: { owners: OwnerProblems[] }) {
  const navigate = useNavigate();
  const theme = useMantineTheme();
  const title = 'Top owners by invalid or broken-link fields';
  if (owners.length === 0) {
    return (
      <ChartCard title={title}>
        <Text size="sm" mt="sm">
          No field is invalid or has a broken link.
        </Text>
      </ChartCard>
    );
  }
  const data = owners.map((owner) => ({ ...owner, label: String(owner.owner) }));
  return (
    <ChartCard
      title={title}
      description="By owner id; the table below is the legend. Each bar opens that owner’s fields."
    >
      <div aria-hidden className={classes.clickable}>
        <BarChart
          h={40 + owners.length * 34}
          mt="sm"
          data={data}
          dataKey="label"
          orientation="vertical"
          series={problems}
          valueFormatter={formatCount}
          accessibilityLayer={false}
          yAxisProps={{ width: 80 }}
          gridAxis="y"
          barProps={(series) => ({
            onClick: (bar) => {
              const owner = (bar.payload as OwnerProblems).owner;
              void navigate(ownerProblemLink(owner, series.name as OwnerProblem));
            },
          })}
        />
      </div>
      <Table aria-label={title} mt="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Owner</Table.Th>
            {problems.map((problem) => (
              <Table.Th key={problem.name} scope="col" ta="right">
                <Group gap={6} justify="flex-end" wrap="nowrap">
                  <ColorSwatch color={getThemeColor(problem.color, theme)} size={12} aria-hidden />
                  {problem.label}
                </Group>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {owners.map((owner) => (
            <Table.Tr key={owner.owner}>
              <Table.Th scope="row" fw={400} className={classes.count}>
                {owner.owner}
              </Table.Th>
              <Table.Td ta="right" className={classes.count}>
                <ProblemCount owner={owner} problem="invalid" />
              </Table.Td>
              <Table.Td ta="right" className={classes.count}>
                <ProblemCount owner={owner} problem="brokenLinks" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ChartCard>
  );
}
