import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import type { FieldFilters } from '../../../../links/table-address';
import { useDirectoryList } from '../../../../api/directory/list-directory';
import { useDirectoryNames } from '../../../../api/directory/lookup-directory';
import { filterSuggestions } from '../filter-suggestions';
import type { DirectoryPickerKind } from './directory-picker-kinds';
import { TypeAheadPicker } from './TypeAheadPicker';
import type { PickerOption } from './TypeAheadPicker';

/** Keys closer together than this ask the directory once. */
const typingPauseMs = 150;

/**
 * Owners, data sources or cards to filter on. Suggests names from the instance's
 * directory as you type; on an instance without it, the ids the app has seen in
 * search results, and any id typed by hand. Drawn again only when its own filter
 * changes (`change` is the same function from render to render).
 */
export const DirectoryPicker = memo(function DirectoryPicker({
  of,
  ids,
  change,
}: {
  of: DirectoryPickerKind;
  /** The ids picked, as the filter holds them. */
  ids: readonly (string | number)[];
  change: (part: Partial<FieldFilters>) => void;
}) {
  const values = useMemo(() => ids.map(String), [ids]);
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), typingPauseMs);
  const [opened, setOpened] = useState(false);
  const list = useDirectoryList(of.kind, settled, opened);
  const { names } = useDirectoryNames({
    [of.kind]: of.kind === 'owners' ? values.map(Number) : values,
  });
  const client = useQueryClient();
  const withNames = list.data?.available !== false;

  let options: PickerOption[] = [];
  if (list.data?.available) {
    options = of.options(list.data);
  } else if (list.data) {
    const typed = search.trim().toLowerCase();
    const seen = filterSuggestions(client)[of.kind];
    options = seen
      .filter((id) => id.toLowerCase().includes(typed))
      .slice(0, 50)
      .map((id) => ({ value: id, label: id }));
  }

  return (
    <TypeAheadPicker
      label={of.label}
      description={withNames ? undefined : 'This instance names none of them: ids only.'}
      placeholder={withNames ? of.placeholder.names : of.placeholder.ids}
      values={values}
      labelOf={(value) => of.nameOf(names, value) ?? value}
      onChange={(picked) => change(of.toFilter(picked))}
      search={search}
      onSearchChange={setSearch}
      options={options}
      optionsCurrent={
        !list.data?.available || (!list.isPlaceholderData && settled === search.trim())
      }
      loading={list.isFetching}
      emptyText={
        list.isError
          ? 'Suggestions could not be loaded; type an id and press Enter'
          : list.isPending
            ? 'Loading…'
            : withNames
              ? 'No match'
              : 'Type an id and press Enter'
      }
      readTyped={of.readTyped}
      onFirstOpen={() => setOpened(true)}
    />
  );
});
