import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isValidStatus } from '../../../contract/field';
import { fieldsTableLink } from '../../../components/fields-links/table-link';
import { NamedId } from '../../../components/NamedId';
import type { LinkSource } from '../explanation/link-sources';
import { CARD, DATA_SOURCE } from '../explanation/link-sources';
import type { FieldExplanation } from '../explanation/use-field-explanation';
import { brokenLinkReason } from './broken-link-reason';
import classes from './LinksTable.module.css';

const resourceTypeNames: Record<string, string> = {
  [DATA_SOURCE]: 'Data source',
  [CARD]: 'Card',
};

function yesNo(value: boolean) {
  return value ? 'Yes' : 'No';
}

type LinksExplanation = Pick<FieldExplanation, 'sources' | 'names' | 'namesPending' | 'checks'>;

/** The data sources and cards the field is saved on, by name, each broken one with its reason. */
export function LinksTable({ explanation }: { explanation: LinksExplanation }) {
  const { sources } = explanation;
  return (
    <section aria-labelledby="links-heading">
      <Title order={3} size="h4" id="links-heading" mb="xs">
        Links
      </Title>
      {sources.length === 0 ? (
        <Text size="sm">Not linked to any data source or card.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">Visible</Table.Th>
                <Table.Th scope="col">Active</Table.Th>
                <Table.Th scope="col" w={190}>
                  Validity
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sources.map((source) => (
                <LinkRow
                  key={`${source.link.resource.type}:${source.link.resource.id}`}
                  source={source}
                  explanation={explanation}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

function LinkRow({ source, explanation }: { source: LinkSource; explanation: LinksExplanation }) {
  const { link, card, dataSource } = source;
  const valid = isValidStatus(link.valid);
  const isCard = link.resource.type === CARD;
  return (
    <Table.Tr className={valid ? undefined : classes.brokenLink}>
      <Table.Td>{resourceTypeNames[link.resource.type] ?? link.resource.type}</Table.Td>
      <Table.Td>
        <Stack gap={2}>
          <NamedId
            what={isCard ? 'card' : 'data source'}
            id={link.resource.id}
            name={isCard ? card?.title : dataSource?.name}
            to={isCard ? undefined : fieldsTableLink({ dataSources: [link.resource.id] })}
          />
          {isCard && card && (
            <Text size="xs" c="dimmed">
              on {dataSource?.name ?? card.dataSourceId}
            </Text>
          )}
          {!valid && !explanation.namesPending && (
            <Text size="xs" c="var(--mantine-color-red-text)">
              {brokenLinkReason(source, explanation)}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>{yesNo(link.visible)}</Table.Td>
      <Table.Td>{yesNo(link.active)}</Table.Td>
      <Table.Td>
        {valid ? (
          <Text size="sm">{link.valid}</Text>
        ) : (
          <Badge
            color="red"
            variant="filled"
            leftSection={<IconAlertTriangle size={12} />}
            tt="none"
          >
            {link.valid}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
