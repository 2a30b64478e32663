import { Anchor, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconArchive, IconLock } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { plural } from '../../../components/plural';
import type { Link as FieldLink, SearchResultItem } from '../../../contract/field';
import { isBrokenLink, isValidStatus } from '../../../contract/field';

/** Icons keep their size when a long name is cut short. */
const iconStyle = { flexShrink: 0 };

/** The name links to the field's drawer, keeping the table's state in the URL. */
export function NameCell({ field }: { field: SearchResultItem }) {
  const { search } = useLocation();
  const invalid = !isValidStatus(field.status);
  return (
    <Group gap={6} wrap="nowrap">
      {field.locked && (
        <IconLock
          size={16}
          role="img"
          aria-label="Locked"
          color="var(--mantine-color-blue-text)"
          style={iconStyle}
        />
      )}
      {invalid && (
        <IconAlertTriangle
          size={16}
          role="img"
          aria-label="Invalid"
          color="var(--mantine-color-red-text)"
          style={iconStyle}
        />
      )}
      <Anchor
        component={Link}
        to={{ pathname: String(field.id), search }}
        title={field.name}
        truncate
      >
        {field.name}
      </Anchor>
    </Group>
  );
}

export function LinksCell({ links }: { links: FieldLink[] }) {
  const broken = links.filter(isBrokenLink).length;
  return (
    <Group gap={6} wrap="nowrap">
      <span>{links.length}</span>
      {broken > 0 && (
        <IconAlertTriangle
          size={16}
          role="img"
          aria-label={`${broken} not valid`}
          color="var(--mantine-color-red-text)"
        />
      )}
    </Group>
  );
}

function countOf(links: FieldLink[], type: string) {
  return links.filter((link) => link.resource.type === type).length;
}

export function LinkedResourcesCell({ links }: { links: FieldLink[] }) {
  const dataSources = countOf(links, 'DATA_SOURCE');
  const cards = countOf(links, 'CARD');
  return (
    <Text size="sm" truncate>
      {plural(dataSources, 'source', 'sources')} · {plural(cards, 'card', 'cards')}
    </Text>
  );
}

export function ArchivedCell({ archived }: { archived: boolean }) {
  if (!archived) return null;
  return (
    <Group gap={4} wrap="nowrap">
      <IconArchive size={16} aria-hidden style={iconStyle} />
      <Text size="sm">Archived</Text>
    </Group>
  );
}
