import type { ComponentProps } from 'react';
import { deferredControl } from '../../components/deferred-control';
import { deferredDialog } from '../../components/deferred-dialog';
import type { ExportMenu as ExportMenuControl } from './export/ExportMenu';
import type { FilterMenu as FilterMenuControl } from './filters/FilterMenu';
import { activeFilters } from './filters/active-filters';
import type { ShortcutHelp as ShortcutHelpDialog } from './table/ShortcutHelp';
import type { TableLayoutMenu as TableLayoutMenuControl } from './table/TableLayoutMenu';
import type { SavedViewsMenu as SavedViewsMenuControl } from './views/SavedViewsMenu';
import { useShownView } from './views/use-saved-views';
import { ExportButton, FilterButton, LayoutButton, ViewsButton } from './toolbar-buttons';

// The fields page's menus and dialogs, loaded after its first rows (docs/web-app.md,
// "Loading"). Each placeholder draws the button its control opens from (toolbar-buttons.tsx).

export const FilterMenu = deferredControl(
  async () => (await import('./filters/FilterMenu')).FilterMenu,
  ({ filters }: ComponentProps<typeof FilterMenuControl>) => (
    <FilterButton activeCount={activeFilters(filters).length} />
  ),
);

export const SavedViewsMenu = deferredControl(
  async () => (await import('./views/SavedViewsMenu')).SavedViewsMenu,
  function ViewsPlaceholder({ address }: ComponentProps<typeof SavedViewsMenuControl>) {
    return <ViewsButton shownName={useShownView(address)?.name} />;
  },
);

export const ExportMenu = deferredControl(
  async () => (await import('./export/ExportMenu')).ExportMenu,
  (_: ComponentProps<typeof ExportMenuControl>) => <ExportButton />,
);

export const TableLayoutMenu = deferredControl(
  async () => (await import('./table/TableLayoutMenu')).TableLayoutMenu,
  (_: ComponentProps<typeof TableLayoutMenuControl>) => <LayoutButton />,
);

/** Opened with `?`: its code loads then. */
export const ShortcutHelp = deferredDialog(
  async () => (await import('./table/ShortcutHelp')).ShortcutHelp,
  ({ opened }: ComponentProps<typeof ShortcutHelpDialog>) => opened,
);
