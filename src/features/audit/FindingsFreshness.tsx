import { Text } from '@mantine/core';
import { DateTime } from '../../components/DateTime';
import { howLongAgo, useNow } from '../../components/how-long-ago';
import { plural } from '../../components/plural';

/**
 * How old the findings are: when their scan finished and how long ago (kept true
 * while the page stays open), and the changes made through this server since,
 * which the numbers already count.
 */
export function FindingsFreshness({
  scanFinished,
  changesSinceScan,
}: {
  scanFinished: number;
  changesSinceScan: number;
}) {
  const now = useNow();
  return (
    <Text size="sm" c="dimmed">
      From the scan finished <DateTime epochMs={scanFinished} withTime /> (
      {howLongAgo(scanFinished, now)})
      {changesSinceScan > 0 &&
        `, with the ${plural(changesSinceScan, 'change', 'changes')} made through this server since`}
      . Each number opens exactly the fields it counts.
    </Text>
  );
}
