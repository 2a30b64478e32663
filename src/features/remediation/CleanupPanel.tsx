import { Checkbox, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { WorkflowPreviewPanel } from './WorkflowPreviewPanel';

/**
 * A dry run, then the clean-up of the Unused finding; its rule shown first. Opened from
 * the audit's archived and unused fields (`deleteArchivedToo`), it starts as a delete
 * that takes them too.
 */
export function CleanupPanel({
  rule,
  deleteArchivedToo = false,
}: {
  rule: string;
  deleteArchivedToo?: boolean;
}) {
  const [action, setAction] = useState<'archive' | 'delete'>(
    deleteArchivedToo ? 'delete' : 'archive',
  );
  const [recentDays, setRecentDays] = useState<number | string>(30);
  const [includeArchived, setIncludeArchived] = useState(deleteArchivedToo);
  const days = typeof recentDays === 'number' ? recentDays : Number.NaN;
  const form = (
    <Stack gap="xs">
      <Text size="sm">Unused: {rule}</Text>
      <Radio.Group
        label="What to do"
        value={action}
        onChange={(value) => setAction(value as 'archive' | 'delete')}
      >
        <Stack gap={4} mt={4}>
          <Radio value="archive" label="Archive" />
          <Radio value="delete" label="Delete" />
          {/* Unused leaves archived fields out: archiving them was the fix; a delete may still want them. */}
          {action === 'delete' && (
            <Checkbox
              ml="lg"
              label="Also delete the unused fields that are archived already"
              checked={includeArchived}
              onChange={(event) => setIncludeArchived(event.currentTarget.checked)}
            />
          )}
        </Stack>
      </Radio.Group>
      <NumberInput
        label="Skip fields changed in the last (days)"
        min={0}
        max={3650}
        value={recentDays}
        onChange={setRecentDays}
      />
    </Stack>
  );
  return (
    <WorkflowPreviewPanel
      form={form}
      request={
        Number.isInteger(days) && days >= 0
          ? {
              workflow: 'cleanup',
              body: {
                action,
                recentDays: days,
                ...(action === 'delete' && includeArchived && { includeArchived }),
              },
            }
          : undefined
      }
    />
  );
}
