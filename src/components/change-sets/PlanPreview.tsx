import { Badge, Stack, Text } from '@mantine/core';
import { usePlanItems } from '../../api/journal/plan-items';
import type { KeptPlan, Plan, PlannedItem } from '../../contract/journal';
import { ErrorState } from '../ErrorState';
import { LongList } from '../LongList';
import { fieldCount } from '../plural';
import { describeChange } from './changed-properties';
import { skipWords } from './change-words';
import { isPlanGone, PlanGone } from './PlanGone';
import { UserText } from '../UserText';

function PlanLine({ item }: { item: PlannedItem }) {
  return (
    <Text size="sm" pb={4}>
      <Text span fw={600} inherit>
        <UserText text={item.name} />
      </Text>{' '}
      {/* A page of a plan cannot tell which names repeat in the rest: each says its id. */}
      <Text span c="dimmed" inherit>
        (field {item.id})
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
function PlanList({
  counts,
  itemAt,
  onShown,
}: {
  counts: Plan['counts'];
  itemAt: (index: number) => PlannedItem | undefined;
  onShown?: (first: number, last: number) => void;
}) {
  const { change, skip } = counts;
  return (
    <>
      <Text size="sm" fw={600} role="status">
        {`${fieldCount(change)} will change, ${fieldCount(skip)} skipped.`}
      </Text>
      <LongList
        label="What the change would do"
        count={change + skip}
        itemAt={itemAt}
        onShown={onShown}
        renderItem={(item) => <PlanLine item={item} />}
        maxHeight={260}
        itemHeight={26}
      />
    </>
  );
}

/**
 * A dry run kept by the server: its counts at once, its items read a page at a time as
 * the list scrolls. One no longer kept says so and offers to run it again.
 */
export function PlanPreview({ plan, onRunAgain }: { plan: KeptPlan; onRunAgain: () => void }) {
  const pages = usePlanItems(plan);
  return (
    <Stack gap="xs">
      <PlanList counts={plan.counts} itemAt={pages.itemAt} onShown={pages.onShown} />
      {pages.error &&
        (isPlanGone(pages.error) ? (
          <PlanGone onRunAgain={onRunAgain} />
        ) : (
          <ErrorState
            title="The dry run's list could not be read"
            error={pages.error}
            onRetry={() => void pages.refetch()}
          />
        ))}
    </Stack>
  );
}

/** An undo's dry run, which the journal answers whole. */
export function WholePlanPreview({ plan }: { plan: Plan }) {
  return (
    <Stack gap="xs">
      <PlanList counts={plan.counts} itemAt={(index) => plan.items[index]} />
    </Stack>
  );
}
