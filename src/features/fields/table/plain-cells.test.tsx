import { Anchor, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconArchive, IconLock } from '../../../components/icons/icons';
import { test } from 'vitest';
import { searchItem } from '../../../api/test-support/mock-api';
import { NamedIdCell } from '../../../components/plain-mantine/NamedIdCell';
import { UserText } from '../../../components/UserText';
import { sameMarkup } from '../../../test-support/same-markup';
import { ArchivedCell, LinkedResourcesCell, NameCell } from './field-cells';

// The table's cells draw Group, Text and Anchor as plain elements with Mantine's
// classes; each looks exactly as the Mantine components did.

test('a locked field’s name cell is a Group with the lock mark and an Anchor link', async () => {
  const field = searchItem(7, { name: 'Revenue', locked: true });
  await sameMarkup(
    <Group gap={6} wrap="nowrap">
      <IconLock
        size={16}
        role="img"
        aria-label="Locked"
        color="var(--mantine-color-blue-text)"
        style={{ flexShrink: 0 }}
      />
      <Anchor href="/fields/7" data-in-app-link="" title="Revenue" truncate>
        <UserText text="Revenue" />
      </Anchor>
    </Group>,
    <NameCell field={field} />,
  );
});

test('a field without links says None in dimmed small text', async () => {
  await sameMarkup(
    <Text size="sm" c="dimmed">
      None
    </Text>,
    <LinkedResourcesCell links={[]} />,
  );
});

test('more links than the first show as a dimmed +N that keeps its size', async () => {
  const link = (type: string, id: string) => ({
    resource: { type, id },
    visible: true,
    active: true,
    valid: 'VALID',
  });
  await sameMarkup(
    <Group gap={4} wrap="nowrap" title="1 source · 1 card">
      <div style={{ minWidth: 0, overflow: 'hidden' }}>
        <NamedIdCell id="ds-1" what="data source" />
      </div>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        +1
        <VisuallyHidden> more links: 1 source · 1 card</VisuallyHidden>
      </Text>
    </Group>,
    <LinkedResourcesCell links={[link('DATA_SOURCE', 'ds-1'), link('CARD', 'dr:1:1')]} />,
  );
});

test('an archived field says so beside the archive mark', async () => {
  await sameMarkup(
    <Group gap={4} wrap="nowrap">
      <IconArchive size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm">Archived</Text>
    </Group>,
    <ArchivedCell archived />,
  );
});
