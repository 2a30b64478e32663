import { Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReferencedField } from '../../../analysis/lint/lint-rule';
import { useFieldDependents } from '../../../api/calculated-fields/field-dependents';
import type { SearchResultItem } from '../../../contract/field';
import { ErrorState } from '../../../components/ErrorState';
import { plural } from '../../../components/plural';
import { FieldMention } from '../../../components/FieldMention';

/**
 * What this field depends on and what depends on it, so an admin sees what would
 * break before locking or changing it.
 */
export function DependenciesSection({
  fieldId,
  referencedFields,
  checking,
}: {
  fieldId: number;
  /** With the status the instance reports, so one that is INVALID looks it. */
  referencedFields: ReadonlyArray<ReferencedField & { status: string }>;
  /** Some references are still being looked up. */
  checking: boolean;
}) {
  return (
    <section aria-labelledby="dependencies-heading">
      <Title order={3} size="h4" id="dependencies-heading" mb="xs">
        Dependencies
      </Title>
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={600} id="uses-heading">
            Fields this one references
          </Text>
          {referencedFields.length > 0 ? (
            <FieldList aria-labelledby="uses-heading" fields={referencedFields} />
          ) : (
            <Text size="sm">{checking ? 'Checking its references…' : 'None.'}</Text>
          )}
        </div>
        <div>
          <Text size="sm" fw={600} id="used-by-heading">
            Fields that reference this one
          </Text>
          <Dependents fieldId={fieldId} />
        </div>
      </Stack>
    </section>
  );
}

function Dependents({ fieldId }: { fieldId: number }) {
  const query = useFieldDependents(fieldId);
  if (query.isPending) {
    return (
      <Skeleton
        height={20}
        width="50%"
        role="status"
        aria-label="Loading the fields that reference this one"
      />
    );
  }
  if (query.isError) {
    return (
      <ErrorState
        title="The fields that reference this one could not be listed"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (!query.data.supported) {
    return <Text size="sm">This instance cannot list the fields that reference another.</Text>;
  }
  const { results, totalHits } = query.data.page;
  if (totalHits === 0) {
    return <Text size="sm">None: changing or locking this field affects no other field.</Text>;
  }
  return (
    <>
      <Text size="sm">
        {plural(totalHits, 'field references', 'fields reference')} this one; a change to it changes{' '}
        {totalHits === 1 ? 'that field' : 'them'} too.
      </Text>
      <FieldList aria-labelledby="used-by-heading" fields={results} />
      {totalHits > results.length && (
        <Text size="xs" c="dimmed">
          The first {results.length.toLocaleString()} by name are listed.
        </Text>
      )}
    </>
  );
}

function FieldList({
  fields,
  ...labelledBy
}: {
  fields: ReadonlyArray<(ReferencedField & { status: string }) | SearchResultItem>;
  'aria-labelledby': string;
}) {
  return (
    <List size="sm" spacing={2} {...labelledBy}>
      {fields.map((field) => (
        <List.Item key={field.id}>
          <Group gap={6} wrap="nowrap">
            <FieldMention field={field} />
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
