import { Group, SimpleGrid, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconMinus } from '../../../components/icons/icons';
import type { ReactNode } from 'react';
import type { FieldDetail } from '../../../api/calculated-fields/get-field';
import { DateTime } from '../../../components/DateTime';
import { NamedId } from '../../../components/NamedId';

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
    ['Variable', field.variable],
  ];
  if (complete) {
    flags.push(
      ['Aggregated', field.aggregated],
      ['Analytic', field.analytic],
      ['Hidden', field.hidden],
    );
  }
  return flags;
}

function factsOf({ complete, field }: FieldDetail, ownerName?: string): Array<[string, ReactNode]> {
  const facts: Array<[string, ReactNode]> = [
    ['Id', field.id],
    ['Legacy id', field.legacyId],
    ['Owner', <NamedId what="owner" id={field.owner} name={ownerName} />],
    ['Created', <DateTime epochMs={field.created} withTime />],
    ['Last modified', <DateTime epochMs={field.lastModified} withTime />],
    // Production leaves it out or null on some fields.
    ['Data type', field.dataType || 'Not given'],
  ];
  if (complete) facts.push(['Check sum', field.checkSum]);
  if (complete && field.certification) facts.push(['Certification', field.certification.state]);
  return facts;
}

/** Ids, dates and flags: after the expression, for whoever needs them. */
export function FieldFacts({ detail, ownerName }: { detail: FieldDetail; ownerName?: string }) {
  return (
    <section aria-labelledby="details-heading">
      <Title order={3} size="h4" id="details-heading" mb="xs">
        Details
      </Title>
      <Table variant="vertical" layout="fixed" withTableBorder mb="sm">
        <Table.Tbody>
          {factsOf(detail, ownerName).map(([label, value]) => (
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
    </section>
  );
}
