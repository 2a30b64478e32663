import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle, IconArchive, IconLock } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { NamedId } from '../../../components/NamedId';
import { plural } from '../../../components/plural';
import type { Link as FieldLink, SearchResultItem } from '../../../contract/field';
import { isBrokenLink, isValidStatus } from '../../../contract/field';
import { InvalidIcon } from './InvalidIcon';
import { usePageNames } from './page-names';

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
      {invalid && <InvalidIcon style={iconStyle} />}
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

/** The owner by name where the directory knows it (the id on hover and to copy), else the id. */
export function OwnerCell({ owner }: { owner: number }) {
  const name = usePageNames().owners.get(owner)?.name;
  return <NamedId name={name} id={owner} what="owner" truncate />;
}

/**
 * The first data source the field is linked to (or its first card) by name, and
 * how many more links there are.
 */
export function LinkedResourcesCell({ links }: { links: FieldLink[] }) {
  const names = usePageNames();
  const dataSources = countOf(links, 'DATA_SOURCE');
  const cards = countOf(links, 'CARD');
  const first =
    links.find((link) => link.resource.type === 'DATA_SOURCE') ??
    links.find((link) => link.resource.type === 'CARD');
  if (!first) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  const { id, type } = first.resource;
  const isSource = type === 'DATA_SOURCE';
  const name = isSource ? names.dataSources.get(id)?.name : names.cards.get(id)?.title;
  const more = links.length - 1;
  const counts = `${plural(dataSources, 'source', 'sources')} · ${plural(cards, 'card', 'cards')}`;
  return (
    <Group gap={4} wrap="nowrap" title={counts}>
      {/* Shrinks before "+N" does, so the count stays in view. */}
      <div style={{ minWidth: 0, overflow: 'hidden' }}>
        <NamedId name={name} id={id} what={isSource ? 'data source' : 'card'} truncate />
      </div>
      {more > 0 && (
        <Text size="xs" c="dimmed" style={iconStyle}>
          +{more}
          <VisuallyHidden> more links: {counts}</VisuallyHidden>
        </Text>
      )}
    </Group>
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
