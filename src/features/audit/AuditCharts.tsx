import '@mantine/charts/styles.css';
import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useId } from 'react';
import type { Statistics } from '../../contract/statistics';
import { lockedLinks, statusLinks } from './drill-down-links';
import { GatheredCharts } from './GatheredCharts';
import { ShareChart } from './ShareChart';

function ShareCharts({ statistics }: { statistics: Statistics }) {
  const headingId = useId();
  const { total, locked, invalid } = statistics;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        Locks and status
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ShareChart
          title="Locked and unlocked"
          slices={[
            { label: 'Locked', value: locked, color: 'blue.8', link: lockedLinks.locked },
            {
              label: 'Unlocked',
              value: total - locked,
              color: 'gray.6',
              link: lockedLinks.unlocked,
            },
          ]}
        />
        <ShareChart
          title="Valid and invalid"
          slices={[
            { label: 'Valid', value: total - invalid, color: 'teal.7', link: statusLinks.valid },
            { label: 'Invalid', value: invalid, color: 'red.8', link: statusLinks.invalid },
          ]}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** Everything drawn with recharts, loaded apart so that the numbers do not wait for it. */
export function AuditCharts({ statistics }: { statistics: Statistics }) {
  return (
    <Stack gap="xl">
      <ShareCharts statistics={statistics} />
      <GatheredCharts />
    </Stack>
  );
}
