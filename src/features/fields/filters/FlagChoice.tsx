import { SegmentedControl, Stack, Text } from '@mantine/core';
import { memo, useId } from 'react';
import type { FieldFilters } from '../../../links/table-address';

/** The filters that are a flag to filter on, or not (null, true, false). */
export type ChoiceFlag = {
  [Name in keyof FieldFilters]: FieldFilters[Name] extends boolean | null
    ? null extends FieldFilters[Name]
      ? Name
      : never
    : never;
}[keyof FieldFilters];

type Choice = 'any' | 'yes' | 'no';

function choiceOf(value: boolean | null): Choice {
  if (value === null) return 'any';
  return value ? 'yes' : 'no';
}

function valueOf(choice: string): boolean | null {
  if (choice === 'any') return null;
  return choice === 'yes';
}

/**
 * A flag to filter on, or not: "Any", the flag set, or the flag not set. Drawn again
 * only when its own flag changes (`change` is the same function from render to
 * render), not when another filter of the menu does.
 */
export const FlagChoice = memo(function FlagChoice({
  flag,
  label,
  yes,
  no,
  description,
  value,
  change,
}: {
  flag: ChoiceFlag;
  label: string;
  yes: string;
  no: string;
  /** What the choice means, where its label cannot say it all. */
  description?: string;
  value: boolean | null;
  change: (part: Partial<FieldFilters>) => void;
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
        onChange={(choice) => change({ [flag]: valueOf(choice) })}
        data={[
          { value: 'any', label: 'Any' },
          { value: 'yes', label: yes },
          { value: 'no', label: no },
        ]}
      />
    </Stack>
  );
});
