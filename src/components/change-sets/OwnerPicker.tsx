import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useDirectoryList } from '../../api/directory/list-directory';
import { showHiddenCharacters } from '../../contract/hidden-characters';

/** Owners by name as you type; the id alone where the instance has no directory. */
export function OwnerPicker({
  value,
  onChange,
  label = 'New owner',
  exclude,
}: {
  value: string | null;
  onChange: (owner: string | null) => void;
  label?: string;
  /** An owner not to offer (the one whose fields are handed over). */
  exclude?: number;
}) {
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), 150);
  const list = useDirectoryList('owners', settled);
  const owners = list.data?.available ? list.data.owners : [];
  // Someone who has left answers for nothing: shown, so the list is not puzzling, but not offered.
  const data = owners
    .filter((owner) => owner.id !== exclude)
    .map((owner) =>
      owner.active === false
        ? {
            value: String(owner.id),
            label: `${showHiddenCharacters(owner.name)} (inactive)`,
            disabled: true,
          }
        : { value: String(owner.id), label: showHiddenCharacters(owner.name) },
    );
  return (
    <Select
      label={label}
      placeholder="Type a name"
      searchable
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={list.isPending ? 'Loading…' : 'No owner has that name'}
      data-autofocus
      required
    />
  );
}
