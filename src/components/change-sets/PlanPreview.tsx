import { Badge, List, ScrollArea, Stack, Text } from '@mantine/core';
import type { Plan } from '../../contract/journal';
import { fieldCount } from '../plural';
import { describeChange } from './changed-properties';
import { skipWords } from './change-words';
import { UserText } from '../UserText';

/** A dry run in words: how many fields change and how, which are skipped and why. */
export function PlanPreview({ plan }: { plan: Plan }) {
  const { change, skip } = plan.counts;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600} role="status">
        {`${fieldCount(change)} will change, ${fieldCount(skip)} skipped.`}
      </Text>
      {/* The list scrolls: the keyboard reaches it to scroll it. */}
      <ScrollArea.Autosize
        mah={260}
        type="auto"
        viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Fields of the dry run' }}
      >
        <List
          size="sm"
          spacing={4}
          listStyleType="none"
          aria-label="What the change would do"
          style={{ overflowWrap: 'anywhere' }}
        >
          {plan.items.map((item) => (
            <List.Item key={item.id}>
              <Text size="sm" span fw={600}>
                <UserText text={item.name} />
              </Text>{' '}
              {item.action === 'skip' ? (
                <>
                  <Badge size="sm" color="orange" variant="light">
                    skipped
                  </Badge>{' '}
                  <Text size="sm" span>
                    {skipWords(item)}
                  </Text>
                </>
              ) : (
                <Text size="sm" span c="dimmed">
                  {describeChange(item.before, item.after).join('; ')}
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Stack>
  );
}
