import { Button, NativeSelect, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useDirectoryList } from '../../api/directory/list-directory';
import { downloadCsv, handoverCsv } from './handover-csv';
import { HandoverPlanTable } from './HandoverPlanTable';
import { HandoverVerified } from './HandoverVerified';
import { WorkflowPreviewPanel } from './WorkflowPreviewPanel';

/** Hands a departed owner's fields over: to one person, or each to its place's owner. */
export function HandoverPanel({ from, fromName }: { from: number; fromName: string }) {
  const [routing, setRouting] = useState<'person' | 'places'>('person');
  const [to, setTo] = useState('');
  const owners = useDirectoryList('owners', '');
  const choices =
    owners.data?.available === true
      ? owners.data.owners
          .filter((owner) => owner.id !== from)
          .map((owner) => ({ value: String(owner.id), label: owner.name }))
      : [];
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
        <NativeSelect
          label="To"
          data={[{ value: '', label: 'Choose a person' }, ...choices]}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
        />
      )}
    </Stack>
  );
  const request =
    routing === 'places'
      ? { workflow: 'handover' as const, body: { from } }
      : to === ''
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
          onClick={() => downloadCsv(handoverCsv(preview), 'hand-over-plan.csv')}
        >
          Export the plan as CSV
        </Button>
      )}
    />
  );
}
