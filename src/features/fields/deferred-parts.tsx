import { Badge, Button } from '@mantine/core';
import type { ComponentProps } from 'react';
import { deferredControl } from '../../components/deferred-control';
import { deferredDialog } from '../../components/deferred-dialog';
import {
  IconBookmark,
  IconChevronDown,
  IconDownload,
  IconFilter,
  IconLayoutColumns,
} from '../../components/icons/icons';
import type { ExportMenu as ExportMenuControl } from './export/ExportMenu';
import type { FilterMenu as FilterMenuControl } from './filters/FilterMenu';
import { activeFilters } from './filters/active-filters';
import type { ShortcutHelp as ShortcutHelpDialog } from './table/ShortcutHelp';
import type { TableLayoutMenu as TableLayoutMenuControl } from './table/TableLayoutMenu';
import { builtinViews } from './views/builtin-views';
import type { SavedViewsMenu as SavedViewsMenuControl } from './views/SavedViewsMenu';
import { useSavedViews } from './views/use-saved-views';

// The fields page's menus and dialogs, loaded after its first rows (docs/web-app.md,
// "Loading"). Each placeholder draws the button its control opens from, as the control
// draws it, so nothing moves when the control takes its place.

export const FilterMenu = deferredControl(
  async () => (await import('./filters/FilterMenu')).FilterMenu,
  function FilterButton({ filters }: ComponentProps<typeof FilterMenuControl>) {
    const activeCount = activeFilters(filters).length;
    return (
      <Button
        variant="default"
        leftSection={<IconFilter size={16} />}
        rightSection={
          activeCount > 0 ? (
            <Badge size="sm" circle>
              {activeCount}
            </Badge>
          ) : null
        }
      >
        Filters
      </Button>
    );
  },
);

export const SavedViewsMenu = deferredControl(
  async () => (await import('./views/SavedViewsMenu')).SavedViewsMenu,
  function ViewsButton({ address }: ComponentProps<typeof SavedViewsMenuControl>) {
    const saved = useSavedViews();
    const shown = [...builtinViews, ...saved.views].find((view) => view.address === address);
    return (
      <Button
        variant="default"
        leftSection={<IconBookmark size={16} />}
        rightSection={<IconChevronDown size={14} />}
        aria-label={shown ? `Views (showing ${shown.name})` : 'Views'}
      >
        {shown ? <span style={{ maxWidth: 180 }}>{shown.name}</span> : 'Views'}
      </Button>
    );
  },
);

export const ExportMenu = deferredControl(
  async () => (await import('./export/ExportMenu')).ExportMenu,
  function ExportButton(_: ComponentProps<typeof ExportMenuControl>) {
    return (
      <Button
        variant="default"
        size="sm"
        flex="none"
        leftSection={<IconDownload size={16} aria-hidden />}
        rightSection={<IconChevronDown size={14} aria-hidden />}
      >
        Export
      </Button>
    );
  },
);

export const TableLayoutMenu = deferredControl(
  async () => (await import('./table/TableLayoutMenu')).TableLayoutMenu,
  function LayoutButton(_: ComponentProps<typeof TableLayoutMenuControl>) {
    return (
      <Button variant="default" leftSection={<IconLayoutColumns size={16} aria-hidden />}>
        Layout
      </Button>
    );
  },
);

/** Opened with `?`: its code loads then. */
export const ShortcutHelp = deferredDialog(
  async () => (await import('./table/ShortcutHelp')).ShortcutHelp,
  ({ opened }: ComponentProps<typeof ShortcutHelpDialog>) => opened,
);
