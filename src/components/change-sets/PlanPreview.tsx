import { Badge, Stack, Text } from '@mantine/core';
import { usePlanItems } from '../../api/journal/plan-items';
import type { KeptPlan, PlanCounts, PlannedItem } from '../../contract/journal';
import { ErrorState } from '../ErrorState';
import { LongList } from '../LongList';
import { fieldCount } from '../plural';
import { describeChange } from './changed-properties';
import { useOwnerWords } from './use-owner-words';
import { skipWords } from './change-words';
import { isPlanGone, PlanGone } from './PlanGone';
import { UserText } from '../UserText';

function PlanLine({ item }: { item: PlannedItem }) {
  const ownerWords = useOwnerWords(item.before, item.after);
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
          {/* Inside the line's paragraph: a span, where Badge's own div is not allowed. */}
          <Badge component="span" size="sm" color="orange" variant="light">
            skipped
          </Badge>{' '}
          {skipWords(item)}
        </>
      ) : item.repoint ? (
        // An undo's repoint: its words say which id it will name.
        <Text span c="dimmed" inherit>
          {item.message}
        </Text>
      ) : (
        <Text span c="dimmed" inherit>
          {describeChange(item.before, item.after, ownerWords).join('; ')}
        </Text>
      )}
    </Text>
  );
}

/** A dry run's counts in words: how many fields change, how many are skipped. */
const changeCountWords = ({ change, skip }: PlanCounts) =>
  `${fieldCount(change)} will change, ${fieldCount(skip)} skipped.`;

/** A dry run in words: how many fields change and how, which are skipped and why. */
function PlanList({
  counts,
  countWords,
  label,
  itemAt,
  onShown,
}: {
  counts: PlanCounts;
  countWords: string;
  label: string;
  itemAt: (index: number) => PlannedItem | undefined;
  onShown?: (first: number, last: number) => void;
}) {
  const { change, skip } = counts;
  return (
    <>
      <Text size="sm" fw={600} role="status">
        {countWords}
      </Text>
      <LongList
        label={label}
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
 * A dry run kept by the server (a change set's or an undo's): its counts at once, its items
 * read a page at a time as the list scrolls. One no longer kept says so and offers to run
 * it again.
 */
export function PlanPreview({
  plan,
  onRunAgain,
  countWords = changeCountWords(plan.counts),
  label = 'What the change would do',
}: {
  plan: KeptPlan;
  onRunAgain: () => void;
  /** The counts in words, when the change's own words say more (an undo's). */
  countWords?: string;
  /** The list's name. */
  label?: string;
}) {
  const pages = usePlanItems(plan);
  return (
    <Stack gap="xs">
      <PlanList
        counts={plan.counts}
        countWords={countWords}
        label={label}
        itemAt={pages.itemAt}
        onShown={pages.onShown}
      />
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
