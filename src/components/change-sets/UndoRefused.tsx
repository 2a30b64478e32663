import { Button, Stack, Text } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { useId } from 'react';
import { asSentence } from '../../api/api-error';

/**
 * Undo shown disabled with why the journal would refuse it (`undoRefusal`,
 * contract/undo-rule.ts, the words of its 409): wherever a change set offers Undo.
 */
export function UndoRefused({
  refusal,
  label,
  size,
}: {
  refusal: string;
  label: string;
  size?: ButtonProps['size'];
}) {
  const refusalId = useId();
  return (
    <Stack gap={4}>
      <Button variant="default" size={size} disabled aria-describedby={refusalId}>
        {label}
      </Button>
      <Text size="xs" c="dimmed" id={refusalId}>
        {asSentence(refusal)}
      </Text>
    </Stack>
  );
}
