import { Button, Group, Kbd, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '../../components/icons/icons';
import { useEffect, useRef, useState } from 'react';
import { useFieldSteps } from '../../components/field-steps';
import type { StepDirection } from '../../components/field-steps';
import { isTextEntry } from '../../components/is-text-entry';

const keys: Record<string, StepDirection> = { '[': 'previous', ']': 'next' };

/**
 * Previous and next field in the table's order, as buttons and with `[` and `]`.
 * Shown when the drawer was opened from the table and the open field is on its page.
 */
export function FieldStepper({ id }: { id: number }) {
  const steps = useFieldSteps();
  const position = steps?.position(id);
  const [stepping, setStepping] = useState<StepDirection>();
  const [problem, setProblem] = useState<string>();
  const canStep = (direction: StepDirection) =>
    position !== undefined &&
    stepping === undefined &&
    (direction === 'previous' ? position.number > 1 : position.number < position.total);

  const go = (direction: StepDirection) => {
    if (!steps || !canStep(direction)) return;
    setStepping(direction);
    setProblem(undefined);
    steps
      .step(id, direction)
      .catch((error: unknown) =>
        setProblem(
          `The ${direction} field could not be found: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => setStepping(undefined));
  };
  const latestGo = useRef(go);
  useEffect(() => {
    latestGo.current = go;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const direction = keys[event.key];
      if (!direction || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) {
        return;
      }
      if (isTextEntry(event.target)) return;
      event.preventDefault();
      latestGo.current(direction);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!position) return null;
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" mb="sm">
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconChevronLeft size={14} />}
          disabled={!canStep('previous') && stepping !== 'previous'}
          loading={stepping === 'previous'}
          onClick={() => go('previous')}
          aria-keyshortcuts="["
        >
          Previous field
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          rightSection={<IconChevronRight size={14} />}
          disabled={!canStep('next') && stepping !== 'next'}
          loading={stepping === 'next'}
          onClick={() => go('next')}
          aria-keyshortcuts="]"
        >
          Next field
        </Button>
        <Text size="xs" c="dimmed">
          <Kbd size="xs">[</Kbd> <Kbd size="xs">]</Kbd>
        </Text>
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {position.number.toLocaleString()} of {position.total.toLocaleString()}
      </Text>
      {problem && (
        <Text size="sm" c="red.8" role="alert" w="100%">
          {problem}
        </Text>
      )}
    </Group>
  );
}
