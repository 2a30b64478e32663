import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Group, Text, Title } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { isViewOutdated, sendSearchNow } from '../../api/calculated-fields/search-fields';
import { useSearchFields } from '../../api/calculated-fields/use-search-fields';
import { searchWaitsForFirstScan } from '../../api/calculated-fields/first-scan-refusal';
import { ErrorState } from '../../components/ErrorState';
import { useDocumentTitle } from '../../components/use-document-title';
import { useValueAfterPaint } from '../../components/use-value-after-paint';
import { useUndoLastLockChange } from '../../api/calculated-fields/last-lock-undo';
import { useLockWithUndo } from '../../api/calculated-fields/use-lock-with-undo';
import { isCopySortField } from '../../contract/copy-orders';
import { parseFieldId } from '../../contract/field-id';
import { fixLink } from '../../links/fix-link';
import { toSearchRequest } from '../../links/table-search';
import { filtersOf } from '../../links/table-address';
import type { TableSort, TableView } from '../../links/table-address';
import { ActiveFilterChips } from './filters/ActiveFilterChips';
import { DegradedWarning } from './table/DegradedWarning';
import { InstanceFreshness } from './table/InstanceFreshness';
import { UnreadableRowsWarning } from './table/UnreadableRowsWarning';
import { fieldAddress } from '../../links/field-address';
import { FieldsTable } from './table/FieldsTable';
import { PageNamesProvider } from './table/page-names';
import { FindingNotesProvider, notesToShow } from './table/finding-notes';
import {
  ExportMenu,
  FilterMenu,
  SavedViewsMenu,
  ShortcutHelp,
  TableLayoutMenu,
} from './deferred-parts';
import classes from './FieldsPage.module.css';
import { FindAndReplaceLink } from './filters/FindAndReplaceLink';
import { FindingScopeNotice } from './filters/FindingScopeNotice';
import { LoadingRows } from './table/LoadingRows';
import { NoFieldsFound } from './filters/NoFieldsFound';
import { SearchInput } from './filters/SearchInput';
import { SelectionBar } from './selection/SelectionBar';
import { RefreshView } from './table/RefreshView';
import { SearchingBar } from './table/SearchingBar';
import { TablePager } from './table/TablePager';
import { usePhoneLayout } from '../../components/use-phone-layout';
import { useTableLayout } from './table/layout/use-table-layout';
import { useTableShortcuts } from './table/use-table-shortcuts';
import { useTableSteps } from './table/use-table-steps';
import { useKeptFields } from './table/use-kept-fields';
import { useFieldSelection } from './selection/use-field-selection';
import { useFindingScope } from './url/use-finding-scope';
import { useTableView } from './url/use-table-view';
import { viewAddress } from './views/view-address';
import { showHiddenCharacters } from '../../contract/hidden-characters';

const nameSort: TableSort = { column: 'name', descending: false };

// Made once: the same element is not drawn again with each render of the page.
const heading = (
  <Title order={1} size="h2">
    Calculated fields
  </Title>
);

export function FieldsPage() {
  const queryClient = useQueryClient();
  const finding = useFindingScope();
  const scope = finding.scope;
  const [view, changeView, addressView] = useTableView((next) =>
    sendSearchNow(queryClient, toSearchRequest(next), scope),
  );
  const request = toSearchRequest(view);
  const search = useSearchFields(request, scope);
  const navigate = useNavigate();
  const location = useLocation();
  const openFieldId = parseFieldId(useParams().id);
  const page = useKeptFields(search.data);
  const selection = useFieldSelection(page?.results);
  // A new list only when the selection changes, so the export menu skips other renders.
  const selectedIds = useMemo(() => [...selection.selection.ids], [selection.selection]);
  // Read from the address afresh at each of its changes; the same object while it stays.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const sort = useMemo(() => view.sort, [view.sort.column, view.sort.descending]);
  const searched = { name: request.name, filters: request.filters, ...(scope ? { scope } : {}) };
  const searchKey = JSON.stringify(searched);
  // The same object while the search stays, so the selection bar and export menu skip
  // the page's renders for a search's progress and the address's updates.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const matches = useMemo(() => searched, [searchKey]);
  // The parts of the page that follow a new view rather than come with it (the pager,
  // find and replace, export) take it once the frame with the rows and their count is
  // painted: a typed key waits for those. While a name was typed, they were about 100
  // of the 490 components each answer drew (bench/results/browser.md); as a deferred
  // value they were still drawn before that paint more often than not.
  const shown = useMemo(() => ({ page, view, matches }), [page, view, matches]);
  const following = useValueAfterPaint(shown, shown);
  // The address's name, not the one being typed: written once typing pauses, not per key.
  useDocumentTitle(
    addressView.name ? `Fields matching “${showHiddenCharacters(addressView.name)}”` : 'Fields',
  );
  // The filters alone, the same object while they stay: the filter menu and the chips
  // skip the renders of a typed name.
  const filtersKey = JSON.stringify(filtersOf(view));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const filters = useMemo(() => filtersOf(view), [filtersKey]);
  const [helpOpened, setHelpOpened] = useState(false);
  const layout = useTableLayout();
  const phone = usePhoneLayout();
  const setLocked = useLockWithUndo();
  const undoLastLockChange = useUndoLastLockChange();
  const rowField = (id: number) => page?.results.find((field) => field.id === id);
  const tableRef = useRef<HTMLTableElement>(null);
  const searchBoxRef = useRef<HTMLInputElement>(null);
  useTableShortcuts(tableRef, {
    focusSearch: () => searchBoxRef.current?.focus(),
    showHelp: () => setHelpOpened(true),
    toggleLock: (id) => {
      const field = rowField(id);
      if (field) setLocked(field, !field.locked);
    },
    toggleSelected: (id) => {
      const field = rowField(id);
      if (field) selection.clickRow(field, !selection.isSelected(id), false);
    },
    undoLock: () => void undoLastLockChange(),
  });

  // The toolbar, pager and help are memoized: with callbacks that stay the same they
  // skip the page's renders for each step of a search (docs/web-app.md).
  const searchByName = useCallback((name: string) => changeView({ name }), [changeView]);
  const openView = useCallback((to: string) => void navigate(to), [navigate]);
  const changePage = useCallback((next: number) => changeView({ page: next }), [changeView]);
  const changePageSize = useCallback(
    (pageSize: TableView['pageSize']) => changeView({ pageSize }),
    [changeView],
  );
  const closeHelp = useCallback(() => setHelpOpened(false), []);
  const changeSort = useCallback((sort: TableSort) => changeView({ sort }), [changeView]);
  const openField = useCallbackRef((id: number) =>
    navigate({ pathname: fieldAddress(id), search: location.search }),
  );

  const refresh = useCallbackRef(() => void search.refetch());

  const steps = useTableSteps(page, view, scope);

  return (
    <div className={classes.page} data-scroll-root>
      <Group justify="space-between" align="baseline">
        {heading}
        <Group gap="sm">
          {page && (
            <Text c="dimmed" size="sm">
              {page.totalHits.toLocaleString()} matching
            </Text>
          )}
          <RefreshView
            outdated={search.isStale && isViewOutdated(queryClient, request, scope)}
            // A new view's search (the previous rows shown meanwhile) is not a refresh: the
            // button's spinner and its transitions drew the page six more times per key.
            refreshing={search.isRefetching && !search.isPlaceholderData}
            onRefresh={refresh}
          />
        </Group>
      </Group>
      {scope && (
        <FindingScopeNotice
          finding={scope}
          groupLabel={finding.groupLabel}
          onShowAll={finding.clear}
        />
      )}
      {/* One toolbar: search and filters, the selection's actions, export and layout. It
          wraps to a second line only when a selection's actions need the room. */}
      <Group gap="sm" align="flex-start">
        <SearchInput ref={searchBoxRef} value={view.name} onChange={searchByName} />
        <FilterMenu filters={filters} onChange={changeView} />
        <SavedViewsMenu address={viewAddress(location.search)} onOpen={openView} layout={layout} />
        <SelectionBar
          controls={selection}
          search={matches}
          searchKey={searchKey}
          totalHits={page?.totalHits}
        />
        {/* Over the view, not the selection: with a selection its actions take the toolbar
            (beside export and layout down to 1024 pixels). A finding's scope is no search
            the replace can be given: only views offer it. */}
        {following.page && following.page.totalHits > 0 && !scope && selectedIds.length === 0 && (
          <FindAndReplaceLink
            to={fixLink({ workflow: 'replace', view: following.view })}
            matching={following.page.totalHits}
          />
        )}
        <Group gap="sm" wrap="nowrap" ml="auto">
          {following.page && following.page.totalHits > 0 && (
            <ExportMenu
              search={following.matches}
              sort={sort}
              totalHits={following.page.totalHits}
              selectedIds={selectedIds}
            />
          )}
          <TableLayoutMenu controls={layout} phone={phone} />
        </Group>
      </Group>
      <ActiveFilterChips filters={filters} onChange={changeView} />
      {page?.degraded && <DegradedWarning />}
      {page && page.unreadableRows.length > 0 && (
        <UnreadableRowsWarning rows={page.unreadableRows} />
      )}
      {page?.instanceData && (
        <InstanceFreshness
          data={page.instanceData}
          copySort={isCopySortField(sort.column) ? sort.column : undefined}
        />
      )}
      <SearchingBar active={search.isFetching} />
      {search.isPending && <LoadingRows />}
      {search.isError && (
        <ErrorState
          title="The fields could not be loaded"
          error={search.error}
          onRetry={() => void search.refetch()}
        >
          {/* The table and its headers are not shown: the way back to a sort the instance knows. */}
          {searchWaitsForFirstScan(search.error) && sort.column !== 'name' && (
            <Button size="xs" variant="default" onClick={() => changeSort(nameSort)}>
              Sort by name
            </Button>
          )}
        </ErrorState>
      )}
      {page && page.results.length === 0 && (
        <NoFieldsFound
          view={view}
          totalHits={page.totalHits}
          onChange={changeView}
          finding={scope}
        />
      )}
      {page && page.results.length > 0 && (
        <PageNamesProvider fields={page.results}>
          <FindingNotesProvider notes={notesToShow(page.notes)}>
            <FieldsTable
              ref={tableRef}
              fields={page.results}
              sort={sort}
              onSortChange={changeSort}
              openFieldId={openFieldId}
              onOpenField={openField}
              updating={search.isPlaceholderData}
              viewKey={JSON.stringify([request, scope])}
              selection={selection}
              layout={layout}
              phone={phone}
            />
          </FindingNotesProvider>
        </PageNamesProvider>
      )}
      {following.page && following.page.results.length > 0 && (
        <TablePager
          page={following.view.page}
          pageSize={following.view.pageSize}
          totalHits={following.page.totalHits}
          shownRows={following.page.results.length}
          onPageChange={changePage}
          onPageSizeChange={changePageSize}
        />
      )}
      <ShortcutHelp opened={helpOpened} onClose={closeHelp} />
      <Outlet context={steps} />
    </div>
  );
}
