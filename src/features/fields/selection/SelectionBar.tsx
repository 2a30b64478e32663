import { Button, Group, Text } from '@mantine/core';
import { IconLock, IconLockOpen } from '../../../components/icons/icons';
import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useMayLock } from '../../../components/change-sets/use-can-write';
import { countNotOnPage } from './field-selection';
import type { BulkAction } from '../bulk/BulkChangeDialog';
import { SelectAllMatching } from './SelectAllMatching';
import type { MatchesSearch } from '../../../api/calculated-fields/all-matches';
import type { FieldSelectionControls } from './use-field-selection';

/** Loaded when a lock of the selection is first asked for. */
const BulkLockDialog = lazy(async () => ({
  default: (await import('../bulk/BulkChangeDialog')).BulkChangeDialog,
}));

/**
 * Loaded with the first selection: the first screen waits for neither its menu nor the
 * question whether this token may write (docs/web-app.md, "Loading").
 */
const ChangeSelectedMenu = lazy(async () => ({
  default: (await import('./ChangeSelectedMenu')).ChangeSelectedMenu,
}));

function describeSelection(count: number, notOnPage: number) {
  if (count === 0) return '';
  const selected = `${count.toLocaleString()} selected`;
  return notOnPage > 0 ? `${selected} (${notOnPage.toLocaleString()} not on this page)` : selected;
}

/**
 * The selection's size and what to do with it. The selection is kept when the search
 * or filters change (it is by id, and the bulk actions act on it, not on the search);
 * the count of selected fields this page does not show says so.
 * Memoized: the fields page draws it again only when its selection, search or count change.
 */
export const SelectionBar = memo(function SelectionBar({
  controls,
  search,
  searchKey,
  totalHits,
}: {
  controls: FieldSelectionControls;
  search: MatchesSearch;
  searchKey: string;
  totalHits: number | undefined;
}) {
  const [lock, setLock] = useState<Extract<BulkAction, 'lock' | 'unlock'>>();
  const lockOpener = useRef<HTMLButtonElement | null>(null);
  // Focus goes back to the button once the dialog has gone: while it is there the app is
  // inert, and a button in it cannot take focus.
  useEffect(() => {
    if (lock !== undefined) return;
    lockOpener.current?.focus();
    lockOpener.current = null;
  }, [lock]);
  const openLock = (action: 'lock' | 'unlock') => (event: { currentTarget: HTMLButtonElement }) => {
    lockOpener.current = event.currentTarget;
    setLock(action);
  };
  const { selection } = controls;
  const count = selection.ids.size;
  const ids = useMemo(() => [...selection.ids], [selection.ids]);
  // Asked with the first selection; a reader is offered no lock.
  const mayLock = useMayLock(count > 0);
  return (
    // Grows into the room left, never narrower than its actions: the toolbar wraps
    // rather than cutting their labels short.
    <Group
      gap="sm"
      role="group"
      aria-label="Selected fields"
      mih={36}
      flex="1 0 auto"
      wrap="nowrap"
    >
      {/* Always present, so screen readers hear each change of the count. */}
      <Text size="sm" fw={600} role="status">
        {describeSelection(count, countNotOnPage(selection, controls.pageRows))}
      </Text>
      {count > 0 && (
        <>
          {mayLock && (
            <>
              <Button
                size="compact-sm"
                leftSection={<IconLock size={14} aria-hidden />}
                onClick={openLock('lock')}
              >
                Lock selected
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconLockOpen size={14} aria-hidden />}
                onClick={openLock('unlock')}
              >
                Unlock selected
              </Button>
            </>
          )}
          {/* "Change", not "Change selected": the fields page's toolbar keeps the selection's
              actions beside export and layout down to 1024 pixels. */}
          <Suspense fallback={null}>
            <ChangeSelectedMenu ids={ids} />
          </Suspense>
          <Button size="compact-sm" variant="subtle" onClick={controls.clear}>
            Clear selection
          </Button>
        </>
      )}
      {totalHits !== undefined && (
        <SelectAllMatching
          controls={controls}
          search={search}
          searchKey={searchKey}
          totalHits={totalHits}
        />
      )}
      {lock && (
        <Suspense fallback={null}>
          <BulkLockDialog action={lock} ids={ids} onClose={() => setLock(undefined)} />
        </Suspense>
      )}
    </Group>
  );
});
