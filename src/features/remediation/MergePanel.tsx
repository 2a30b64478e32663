import { Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import type { MergeRequest } from '../../contract/workflows';
import { WorkflowPreviewPanel } from './WorkflowPreviewPanel';

/**
 * Merges a duplicate group of the audit into one field; the plan suggests which
 * to keep (most active links) unless the person chooses.
 */
export function MergePanel({
  group,
  fields,
}: {
  group: MergeRequest['group'];
  fields: ReadonlyArray<{ id: number; name: string }>;
}) {
  const [keep, setKeep] = useState('');
  const [others, setOthers] = useState<'archive' | 'delete'>('archive');
  const form = (
    <Stack gap="xs">
      <Radio.Group label="Keep" value={keep} onChange={setKeep}>
        <Stack gap={4} mt={4}>
          <Radio value="" label="The one with most active links (suggested)" />
          {fields.map((field) => (
            <Radio key={field.id} value={String(field.id)} label={field.name} />
          ))}
        </Stack>
      </Radio.Group>
      <Radio.Group
        label="The others"
        value={others}
        onChange={(value) => setOthers(value as 'archive' | 'delete')}
      >
        <Stack gap={4} mt={4}>
          <Radio value="archive" label="Archive them" />
          <Radio value="delete" label="Delete them once nothing uses them" />
        </Stack>
      </Radio.Group>
    </Stack>
  );
  return (
    <WorkflowPreviewPanel
      form={form}
      request={{
        workflow: 'merge',
        body: { group, others, ...(keep === '' ? {} : { keep: Number(keep) }) },
      }}
    />
  );
}
