import { Badge, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Link } from '../../contract/field';
import classes from './LinksTable.module.css';
import { isBrokenLink, isValidStatus } from '../../contract/field';

const resourceTypeNames: Record<string, string> = {
  DATA_SOURCE: 'Data source',
  CARD: 'Card',
};

function yesNo(value: boolean) {
  return value ? 'Yes' : 'No';
}

function Validity({ valid }: { valid: string }) {
  if (isValidStatus(valid)) return <Text size="sm">{valid}</Text>;
  return (
    <Badge color="red" variant="filled" leftSection={<IconAlertTriangle size={12} />} tt="none">
      {valid}
    </Badge>
  );
}

export function LinksTable({ links }: { links: Link[] }) {
  return (
    <section aria-labelledby="links-heading">
      <Title order={3} size="h4" id="links-heading" mb="xs">
        Links
      </Title>
      {links.length === 0 ? (
        <Text size="sm">Not linked to any data source or card.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Type</Table.Th>
                <Table.Th scope="col">Id</Table.Th>
                <Table.Th scope="col">Visible</Table.Th>
                <Table.Th scope="col">Active</Table.Th>
                <Table.Th scope="col">Validity</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {links.map((link) => (
                <Table.Tr
                  key={`${link.resource.type}:${link.resource.id}`}
                  className={isBrokenLink(link) ? classes.brokenLink : undefined}
                >
                  <Table.Td>{resourceTypeNames[link.resource.type] ?? link.resource.type}</Table.Td>
                  <Table.Td ff="monospace" fz="xs">
                    {link.resource.id}
                  </Table.Td>
                  <Table.Td>{yesNo(link.visible)}</Table.Td>
                  <Table.Td>{yesNo(link.active)}</Table.Td>
                  <Table.Td>
                    <Validity valid={link.valid} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
