// The React floor with what every page of the app stands on: Mantine's provider and
// styles, its app shell, and a Mantine table whose rows hold a checkbox, a switch
// and a badge, as the app's rows do. Same search, same probe.
import '@mantine/core/styles.css';
import { AppShell, Badge, Checkbox, MantineProvider, Switch, Table, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { SearchResultItem } from '../../src/contract/field';
import { columns, sendFirstSearch } from './first-search';

const answer = sendFirstSearch();

function FirstRows() {
  const [fields, setFields] = useState<SearchResultItem[]>([]);
  useEffect(() => void answer.then(({ results }) => setFields(results)), []);
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header p="md">
        <Title order={1} size="h4">
          Calculated fields
        </Title>
      </AppShell.Header>
      <AppShell.Main>
        <Table aria-label="Calculated fields" striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th />
              {columns.map(([title]) => (
                <Table.Th key={title}>{title}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field, index) => (
              <Table.Tr key={field.id} aria-rowindex={index + 2}>
                <Table.Td>
                  <Checkbox aria-label={`Select ${field.name}`} />
                </Table.Td>
                {columns.map(([title, text]) => (
                  <Table.Td key={title}>
                    {title === 'Locked' ? (
                      <Switch aria-label={text(field)} defaultChecked={field.locked} />
                    ) : title === 'Status' ? (
                      <Badge variant="light">{text(field)}</Badge>
                    ) : (
                      text(field)
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </AppShell.Main>
    </AppShell>
  );
}

createRoot(document.getElementById('root')!).render(
  <MantineProvider>
    <FirstRows />
  </MantineProvider>,
);
