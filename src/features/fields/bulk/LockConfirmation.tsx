import { Button, Collapse, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { IconChevronDown, IconChevronRight } from '../../../components/icons/icons';
import type { LockPlan } from '../selection/field-selection';
import { fieldCount } from '../../../components/plural';
import { lockWords } from './lock-words';
import {
  isLocksInFlight,
  LOCKS_IN_FLIGHT_RANGE,
  storedLocksInFlight,
  storeLocksInFlight,
} from './lock-concurrency';
import { showHiddenCharacters } from '../../../contract/hidden-characters';

function whatChanges(plan: LockPlan): string {
  const words = lockWords(plan.locked);
  const selected = plan.changes.length + plan.unchanged;
  const changing = plan.changes.length;
  if (changing < selected) {
    const verb = changing === 1 ? 'is' : 'are';
    return `${changing.toLocaleString()} of the ${fieldCount(selected)} selected ${verb} ${words.other} and will be ${words.done}.`;
  }
  if (selected === 1) return `${words.verb} “${showHiddenCharacters(plan.changes[0]!.name)}”.`;
  return `${words.verb} the ${fieldCount(selected)} selected.`;
}

/**
 * Says how many fields a bulk lock will change before anything is sent, and lets the
 * admin choose how many requests run at once (kept in this browser).
 */
export function LockConfirmation({
  plan,
  onConfirm,
  onCancel,
}: {
  plan: LockPlan;
  onConfirm: (requestsAtOnce: number) => void;
  onCancel: () => void;
}) {
  const [requestsAtOnce, setRequestsAtOnce] = useState<number | string>(storedLocksInFlight);
  const usable = isLocksInFlight(requestsAtOnce);
  // Most never change how many requests run at once; a number that cannot be used shows.
  const [advanced, setAdvanced] = useState(!usable);
  const advancedId = useId();
  const confirm = () => {
    if (!usable) return;
    storeLocksInFlight(requestsAtOnce);
    onConfirm(requestsAtOnce);
  };
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
      <div>
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          aria-expanded={advanced}
          aria-controls={advancedId}
          leftSection={advanced ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          onClick={() => setAdvanced(!advanced)}
        >
          Advanced
        </Button>
        <Collapse expanded={advanced} id={advancedId}>
          <NumberInput
            label="Requests at a time"
            description="Fewer if the instance limits its callers; a 429 from it also slows the run down by itself."
            value={requestsAtOnce}
            onChange={setRequestsAtOnce}
            min={LOCKS_IN_FLIGHT_RANGE.min}
            max={LOCKS_IN_FLIGHT_RANGE.max}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={
              usable
                ? undefined
                : `A whole number from ${LOCKS_IN_FLIGHT_RANGE.min} to ${LOCKS_IN_FLIGHT_RANGE.max}`
            }
            mt="xs"
            styles={{ wrapper: { maxWidth: 140 } }}
          />
        </Collapse>
      </div>
      <Text size="sm" c="dimmed">
        You can cancel while the requests run.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={confirm} disabled={!usable} data-autofocus>
          {words.verb} {fieldCount(plan.changes.length)}
        </Button>
      </Group>
    </Stack>
  );
}
