import { Menu, Text } from '@mantine/core';
import { memo, useState } from 'react';
import { builtinViews } from './builtin-views';
import { ManageViewsDialog } from './ManageViewsDialog';
import { SaveViewDialog } from './SaveViewDialog';
import type { TableLayoutControls } from '../table/layout/use-table-layout';
import type { ViewLayout } from './saved-views-storage';
import { viewLayoutOf } from './saved-views-storage';
import { useSavedViews, useShownView } from './use-saved-views';
import { ViewsButton } from '../toolbar-buttons';
import { UserText } from '../../../components/UserText';

/**
 * The built-in and saved views of the fields table: open one, save the view on
 * screen (its address, columns and density) under a name, and rename, replace or
 * delete saved ones. `address` is the
 * view on screen, as `viewAddress` writes it; `onOpen` shows another.
 */
export const SavedViewsMenu = memo(function SavedViewsMenu({
  address,
  onOpen,
  layout,
}: {
  address: string;
  onOpen: (address: string) => void;
  /** The table's layout: saved with a view, and set again when the view opens. */
  layout: TableLayoutControls;
}) {
  const saved = useSavedViews();
  const current = viewLayoutOf(layout.layout);
  const open = (view: { address: string; layout?: ViewLayout }) => {
    const kept = view.layout;
    if (kept) layout.setLayout((now) => ({ ...now, ...kept }));
    onOpen(view.address);
  };
  const [dialog, setDialog] = useState<'save' | 'manage'>();
  const close = () => setDialog(undefined);
  const shown = useShownView(address);

  return (
    <>
      <Menu position="bottom-start" width={300} shadow="md">
        <Menu.Target>
          <ViewsButton shownName={shown?.name} />
        </Menu.Target>
        <Menu.Dropdown mah="calc(100dvh - 140px)" style={{ overflowY: 'auto' }}>
          <Menu.Label>Built in</Menu.Label>
          {builtinViews.map((view) => (
            <Menu.Item key={view.name} onClick={() => open(view)}>
              <Text size="sm">{view.name}</Text>
              <Text size="xs" c="dimmed">
                {view.description}
              </Text>
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Label>Saved in this browser</Menu.Label>
          {saved.views.length === 0 && (
            <Text size="xs" c="dimmed" px="sm" py={4}>
              None yet
            </Text>
          )}
          {saved.views.map((view) => (
            <Menu.Item key={view.name} onClick={() => open(view)}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                <UserText text={view.name} />
              </Text>
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item onClick={() => setDialog('save')}>Save this view…</Menu.Item>
          <Menu.Item onClick={() => setDialog('manage')}>Manage saved views…</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SaveViewDialog
        opened={dialog === 'save'}
        views={saved.views}
        onSave={(name) => saved.save(name, address, current)}
        onClose={close}
      />
      <ManageViewsDialog
        opened={dialog === 'manage'}
        views={saved.views}
        onClose={close}
        onOpen={(view) => {
          close();
          open(view);
        }}
        onRename={saved.rename}
        onReplace={(view) => saved.save(view.name, address, current)}
        onDelete={(view) => saved.remove(view.name)}
      />
    </>
  );
});
