import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useDirectoryList } from '../../api/directory/list-directory';
import type { OwnerEntry } from '../../contract/directory';
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
  const withoutDirectory = list.data?.available === false;
  const owners = list.data?.available ? list.data.owners : byTypedId(withoutDirectory, search);
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
      placeholder={withoutDirectory ? "Type the owner's id" : 'Type a name'}
      searchable
      data={data}
      value={value}
      onChange={onChange}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={nothingFound(list.isPending, withoutDirectory)}
      data-autofocus
      required
    />
  );
}

/**
 * A real instance lists no owners (no directory: proxy mode in front of production), so
 * the picker takes the id typed; without it no owner could be chosen there at all.
 */
function byTypedId(withoutDirectory: boolean, typed: string) {
  const id = typed.trim();
  const owner: OwnerEntry = { id: Number(id), name: `Owner ${id}` };
  return withoutDirectory && /^[1-9]\d{0,15}$/.test(id) ? [owner] : [];
}

function nothingFound(pending: boolean, withoutDirectory: boolean): string {
  if (pending) return 'Loading…';
  return withoutDirectory
    ? "This instance lists no owners by name: type the owner's id"
    : 'No owner has that name';
}
