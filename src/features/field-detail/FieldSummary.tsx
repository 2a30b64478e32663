import { Group, SimpleGrid, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMinus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { FieldDetail } from '../../api/calculated-fields/get-field';
import { DateTime } from '../../components/DateTime';
import { LockToggle } from '../../components/LockToggle';
import { StatusBadge } from '../../components/StatusBadge';

function Flag({ label, on }: { label: string; on: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      {on ? (
        <IconCheck size={16} color="var(--mantine-color-teal-text)" aria-hidden />
      ) : (
        <IconMinus size={16} aria-hidden />
      )}
      <Text size="sm" fw={on ? 600 : 400}>
        {label}
        <VisuallyHidden>: {on ? 'yes' : 'no'}</VisuallyHidden>
      </Text>
    </Group>
  );
}

function flagsOf({ complete, field }: FieldDetail): Array<[string, boolean]> {
  const flags: Array<[string, boolean]> = [
    ['Global', field.global],
    ['Archived', field.archived],
  ];
  if (complete) {
    flags.push(
      ['Aggregated', field.aggregated],
      ['Analytic', field.analytic],
      ['Hidden', field.hidden],
      ['Variable', field.variable],
    );
  }
  return flags;
}

function factsOf({ complete, field }: FieldDetail): Array<[string, ReactNode]> {
  const facts: Array<[string, ReactNode]> = [
    ['Id', field.id],
    ['Legacy id', field.legacyId],
    ['Owner', field.owner],
    ['Created', <DateTime epochMs={field.created} withTime />],
    ['Last modified', <DateTime epochMs={field.lastModified} withTime />],
  ];
  if (complete) facts.push(['Data type', field.dataType], ['Check sum', field.checkSum]);
  return facts;
}

/** Who owns the field, its state and flags, and when it changed. */
export function FieldSummary({ detail }: { detail: FieldDetail }) {
  const { field } = detail;
  return (
    <>
      <Group gap="lg">
        <StatusBadge status={field.status} />
        <LockToggle field={field} label="Locked" />
      </Group>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {factsOf(detail).map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={140} scope="row">
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" aria-label="Flags" role="list">
        {flagsOf(detail).map(([label, on]) => (
          <div role="listitem" key={label}>
            <Flag label={label} on={on} />
          </div>
        ))}
      </SimpleGrid>
    </>
  );
}
