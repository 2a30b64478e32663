import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';

type Choice = 'any' | 'yes' | 'no';

function choiceOf(value: boolean | null): Choice {
  if (value === null) return 'any';
  return value ? 'yes' : 'no';
}

function valueOf(choice: string): boolean | null {
  if (choice === 'any') return null;
  return choice === 'yes';
}

/** A flag to filter on, or not: "Any", the flag set, or the flag not set (null, true, false). */
export function FlagChoice({
  label,
  yes,
  no,
  description,
  value,
  onChange,
}: {
  label: string;
  yes: string;
  no: string;
  /** What the choice means, where its label cannot say it all. */
  description?: string;
  value: boolean | null;
  onChange: (value: boolean | null) => void;
}) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      {description !== undefined && (
        <Text size="xs" c="dimmed" id={`${labelId}-description`}>
          {description}
        </Text>
      )}
      <SegmentedControl
        aria-labelledby={labelId}
        aria-describedby={description === undefined ? undefined : `${labelId}-description`}
        value={choiceOf(value)}
        onChange={(choice) => onChange(valueOf(choice))}
        data={[
          { value: 'any', label: 'Any' },
          { value: 'yes', label: yes },
          { value: 'no', label: no },
        ]}
      />
    </Stack>
  );
}
