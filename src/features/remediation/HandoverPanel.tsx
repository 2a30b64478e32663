import { Button, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { datedFileName, downloadFile } from '../../components/download-file';
import { OwnerPicker } from '../../components/change-sets/OwnerPicker';
import { handoverCsv } from './handover-csv';
import { HandoverPlanTable } from './HandoverPlanTable';
import { HandoverVerified } from './HandoverVerified';
import { WorkflowPreviewPanel } from './WorkflowPreviewPanel';

/** Hands a departed owner's fields over: to one person, or each to its place's owner. */
export function HandoverPanel({ from, fromName }: { from: number; fromName: string }) {
  const [routing, setRouting] = useState<'person' | 'places'>('person');
  const [to, setTo] = useState<string | null>(null);
  const form = (
    <Stack gap="xs">
      <Radio.Group
        label={`Hand over the fields of ${fromName}`}
        value={routing}
        onChange={(value) => setRouting(value as 'person' | 'places')}
      >
        <Stack gap={4} mt={4}>
          <Radio value="person" label="All to one person" />
          <Radio value="places" label="Each to the owner of its data source or card" />
        </Stack>
      </Radio.Group>
      {routing === 'person' && (
        <OwnerPicker label="To" value={to} onChange={setTo} exclude={from} />
      )}
    </Stack>
  );
  const request =
    routing === 'places'
      ? { workflow: 'handover' as const, body: { from } }
      : to === null
        ? undefined
        : { workflow: 'handover' as const, body: { from, to: Number(to) } };
  return (
    <WorkflowPreviewPanel
      form={form}
      request={request}
      items={HandoverPlanTable}
      verified={(detail) => <HandoverVerified detail={detail} />}
      extra={(preview) => (
        <Button
          variant="default"
          w="fit-content"
          onClick={() =>
            downloadFile({
              name: datedFileName('hand-over-plan', 'csv', new Date()),
              type: 'text/csv;charset=utf-8',
              content: handoverCsv(preview),
            })
          }
        >
          Export the plan as CSV
        </Button>
      )}
    />
  );
}
