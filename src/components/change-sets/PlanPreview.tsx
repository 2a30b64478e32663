import { Badge, Stack, Text } from '@mantine/core';
import type { Plan } from '../../contract/journal';
import { LongList } from '../LongList';
import { fieldCount } from '../plural';
import { describeChange } from './changed-properties';
import { skipWords } from './change-words';
import { UserText } from '../UserText';

type PlanItem = Plan['items'][number];

function PlanLine({ item }: { item: PlanItem }) {
  return (
    <Text size="sm" pb={4}>
      <Text span fw={600} inherit>
        <UserText text={item.name} />
      </Text>{' '}
      {item.action === 'skip' ? (
        <>
          <Badge size="sm" color="orange" variant="light">
            skipped
          </Badge>{' '}
          {skipWords(item)}
        </>
      ) : (
        <Text span c="dimmed" inherit>
          {describeChange(item.before, item.after).join('; ')}
        </Text>
      )}
    </Text>
  );
}

/** A dry run in words: how many fields change and how, which are skipped and why. */
export function PlanPreview({ plan }: { plan: Plan }) {
  const { change, skip } = plan.counts;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} role="status">
        {`${fieldCount(change)} will change, ${fieldCount(skip)} skipped.`}
      </Text>
      <LongList
        label="What the change would do"
        count={plan.items.length}
        itemAt={(index) => plan.items[index]}
        renderItem={(item) => <PlanLine item={item} />}
        maxHeight={260}
        itemHeight={26}
      />
    </Stack>
  );
}
