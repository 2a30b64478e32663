import { Alert, List, Loader, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useColumnImpact } from '../../api/workflows/preview-workflow';
import type { ColumnImpact } from '../../contract/workflows';
import { WorkflowPreviewPanel } from './WorkflowPreviewPanel';

/** Names shown before "and N more". */
const LISTED = 20;

function NamedList({ title, names }: { title: string; names: readonly string[] }) {
  return (
    <section aria-label={title}>
      <Text size="sm" fw={600}>
        {title}: {names.length}
      </Text>
      <List size="sm">
        {names.slice(0, LISTED).map((name, index) => (
          <List.Item key={`${index} ${name}`}>{name}</List.Item>
        ))}
        {names.length > LISTED && <List.Item>and {names.length - LISTED} more</List.Item>}
      </List>
    </section>
  );
}

function Impact({ impact }: { impact: ColumnImpact }) {
  return (
    <Stack gap="xs">
      <NamedList title="Fields that use it" names={impact.direct.map((field) => field.name)} />
      <NamedList
        title="Fields that depend on those"
        names={impact.transitive.map((field) => field.name)}
      />
      <NamedList title="Cards" names={impact.cards.map((card) => card.title)} />
    </Stack>
  );
}

/**
 * What a column of a data source reaches, and a remap of it to another column of
 * the same data source (docs/audit.md, "Column impact and remap").
 */
export function RemapPanel({ dataSourceId, column }: { dataSourceId: string; column: string }) {
  const impact = useColumnImpact({ dataSourceId, column });
  const [to, setTo] = useState('');
  if (impact.isPending) return <Loader size="sm" aria-label="Reading the column's impact" />;
  if (impact.isError) {
    return (
      <Alert color="red" title="No impact">
        The column's impact could not be read. Try again.
      </Alert>
    );
  }
  const { data } = impact;
  return (
    <Stack gap="sm">
      <Title order={3}>
        `{data.column}` on {data.dataSource}
      </Title>
      <Impact impact={data} />
      <WorkflowPreviewPanel
        form={
          <NativeSelect
            label="Replace it with"
            data={[
              {
                value: '',
                label:
                  data.columns.length === 0
                    ? 'The data source lists no columns'
                    : 'Choose a column',
              },
              ...data.columns,
            ]}
            value={to}
            onChange={(event) => setTo(event.currentTarget.value)}
          />
        }
        request={to ? { workflow: 'remap', body: { dataSourceId, column, to } } : undefined}
      />
    </Stack>
  );
}
