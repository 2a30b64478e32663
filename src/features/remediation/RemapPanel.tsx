import { List, Loader, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useColumnImpact } from '../../api/workflows/preview-workflow';
import type { ColumnImpact } from '../../contract/workflows';
import { ErrorState } from '../../components/ErrorState';
import { WorkflowPreviewPanel } from './WorkflowPreviewPanel';
import { UserText } from '../../components/UserText';

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
          <List.Item key={`${index} ${name}`}>
            <UserText text={name} />
          </List.Item>
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
 * The column to put in its place: one of the data source's others, or, where the
 * instance does not list its columns (production), a name typed in.
 */
function TargetColumn(props: {
  columns: readonly string[];
  value: string;
  onChange: (column: string) => void;
}) {
  if (props.columns.length === 0)
    return (
      <TextInput
        label="Replace it with"
        description="This instance does not list the data source's columns: type the column's name."
        value={props.value}
        onChange={(event) => props.onChange(event.currentTarget.value)}
      />
    );
  return (
    <NativeSelect
      label="Replace it with"
      data={[{ value: '', label: 'Choose a column' }, ...props.columns]}
      value={props.value}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

/**
 * What a column of a data source reaches, and a remap of it to another column of
 * the same data source (docs/audit.md, "Column impact and remap").
 */
export function RemapPanel({ dataSourceId, column }: { dataSourceId: string; column: string }) {
  const impact = useColumnImpact({ dataSourceId, column });
  const [to, setTo] = useState('');
  if (impact.isPending)
    return <Loader size="sm" role="status" aria-label="Reading the column's impact" />;
  if (impact.isError) {
    return (
      <ErrorState
        title="The column's impact could not be read"
        error={impact.error}
        onRetry={() => void impact.refetch()}
      />
    );
  }
  const { data } = impact;
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        `{data.column}` on {data.dataSource}
      </Title>
      <Impact impact={data} />
      <WorkflowPreviewPanel
        form={<TargetColumn columns={data.columns} value={to} onChange={setTo} />}
        request={to.trim() ? { workflow: 'remap', body: { dataSourceId, column, to } } : undefined}
      />
    </Stack>
  );
}
