import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '../../../components/icons/icons';
import { FUNCTION_TEMPLATE, isValidStatus } from '../../../contract/field';
import { fieldsTableLink } from '../../../links/table-link';
import { NamedId } from '../../../components/NamedId';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import type { LinkSource } from '../explanation/link-sources';
import { CARD, DATA_SOURCE } from '../explanation/link-sources';
import type { FieldExplanation } from '../explanation/use-field-explanation';
import { brokenLinkReason } from './broken-link-reason';
import classes from './LinksTable.module.css';
import { UserText } from '../../../components/UserText';

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
  // A FUNCTION_TEMPLATE link stands for a nested field, shown by name under References.
  const sources = explanation.sources.filter(
    (source) => source.link.resource.type !== FUNCTION_TEMPLATE,
  );
  const phone = usePhoneLayout();
  return (
    <section aria-labelledby="links-heading">
      <Title order={3} size="h4" id="links-heading" mb="xs">
        Links
      </Title>
      {sources.length === 0 ? (
        <Text size="sm">Not linked to any data source or card.</Text>
      ) : (
        // On a phone, type, visible, active and validity go under the name, so nothing scrolls sideways.
        <Table.ScrollContainer minWidth={phone ? 0 : 560}>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                {!phone && <Table.Th scope="col">Type</Table.Th>}
                <Table.Th scope="col">{phone ? 'Link' : 'Name'}</Table.Th>
                {!phone && <Table.Th scope="col">Visible</Table.Th>}
                {!phone && <Table.Th scope="col">Active</Table.Th>}
                {!phone && (
                  <Table.Th scope="col" w={190}>
                    Validity
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sources.map((source) => (
                <LinkRow
                  key={`${source.link.resource.type}:${source.link.resource.id}`}
                  source={source}
                  explanation={explanation}
                  phone={phone}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}

function LinkRow({
  source,
  explanation,
  phone,
}: {
  source: LinkSource;
  explanation: LinksExplanation;
  phone: boolean;
}) {
  const { link, card, dataSource } = source;
  const valid = isValidStatus(link.valid);
  const isCard = link.resource.type === CARD;
  const type = resourceTypeNames[link.resource.type] ?? link.resource.type;
  return (
    <Table.Tr className={valid ? undefined : classes.brokenLink}>
      {!phone && <Table.Td>{type}</Table.Td>}
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
              on{' '}
              {dataSource === undefined ? card.dataSourceId : <UserText text={dataSource.name} />}
            </Text>
          )}
          {phone && (
            <Text size="xs">
              {type} · {link.visible ? 'visible' : 'not visible'} ·{' '}
              {link.active ? 'active' : 'not active'}
            </Text>
          )}
          {phone && <Validity valid={link.valid} />}
          {!valid && !explanation.namesPending && (
            <Text size="xs" className={classes.reason}>
              {brokenLinkReason(source, explanation)}
            </Text>
          )}
        </Stack>
      </Table.Td>
      {!phone && <Table.Td>{yesNo(link.visible)}</Table.Td>}
      {!phone && <Table.Td>{yesNo(link.active)}</Table.Td>}
      {!phone && (
        <Table.Td>
          <Validity valid={link.valid} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

function Validity({ valid }: { valid: string }) {
  if (isValidStatus(valid)) return <Text size="sm">{valid}</Text>;
  return (
    <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={12} />} tt="none">
      {valid}
    </Badge>
  );
}
