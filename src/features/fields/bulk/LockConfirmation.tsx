import { Button, Group, Stack, Text } from '@mantine/core';
import type { LockPlan } from '../selection/field-selection';
import { fieldCount } from '../../../components/plural';
import { lockWords } from './lock-words';
import { MAX_LOCKS_IN_FLIGHT } from './lock-concurrency';

function whatChanges(plan: LockPlan): string {
  const words = lockWords(plan.locked);
  const selected = plan.changes.length + plan.unchanged;
  const changing = plan.changes.length;
  if (changing < selected) {
    const verb = changing === 1 ? 'is' : 'are';
    return `${changing.toLocaleString()} of the ${fieldCount(selected)} selected ${verb} ${words.other} and will be ${words.done}.`;
  }
  if (selected === 1) return `${words.verb} “${plan.changes[0]!.name}”.`;
  return `${words.verb} the ${fieldCount(selected)} selected.`;
}

/** Says how many fields a bulk lock will change before anything is sent. */
export function LockConfirmation({
  plan,
  onConfirm,
  onCancel,
}: {
  plan: LockPlan;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const words = lockWords(plan.locked);
  const selected = plan.changes.length + plan.unchanged;
  if (plan.changes.length === 0) {
    return (
      <Stack>
        <Text>
          {selected === 1
            ? `The selected field is already ${words.done}.`
            : `All ${fieldCount(selected)} selected are already ${words.done}.`}{' '}
          Nothing needs to change.
        </Text>
        <Group justify="flex-end">
          <Button onClick={onCancel} data-autofocus>
            Close
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack>
      <Text>{whatChanges(plan)}</Text>
      {plan.unchanged > 0 && (
        <Text size="sm" c="dimmed">
          {plan.unchanged.toLocaleString()} {plan.unchanged === 1 ? 'is' : 'are'} already{' '}
          {words.done} and will not be sent.
        </Text>
      )}
      <Text size="sm" c="dimmed">
        Up to {MAX_LOCKS_IN_FLIGHT} requests run at a time; you can cancel while they run.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={onConfirm} data-autofocus>
          {words.verb} {fieldCount(plan.changes.length)}
        </Button>
      </Group>
    </Stack>
  );
}
