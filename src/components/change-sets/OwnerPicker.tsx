import { ownerNamedWithId } from '../../contract/owner-words';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { OwnerName } from '../../api/directory/lookup-directory';
import { useDirectoryNames } from '../../api/directory/lookup-directory';
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
  const typedId = withoutDirectory ? idTyped(settled) : undefined;
  // The instance's users endpoint names the id typed, as it names the table's owners.
  const { names } = useDirectoryNames({ owners: typedId === undefined ? [] : [typedId] });
  const owners = list.data?.available
    ? list.data.owners
    : typedOwner(typedId, typedId === undefined ? undefined : names.owners.get(typedId));
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

/** The id typed, when the text is one. */
function idTyped(typed: string): number | undefined {
  return /^[1-9]\d{0,15}$/.test(typed) ? Number(typed) : undefined;
}

/**
 * A real instance lists no owners (no directory: proxy mode in front of production), so
 * the picker offers the id typed, named when the instance names it; without it no
 * owner could be chosen there at all.
 */
function typedOwner(id: number | undefined, named: OwnerName | undefined): OwnerEntry[] {
  if (id === undefined) return [];
  const name = named ? ownerNamedWithId(named.name, id) : `Owner ${id}`;
  return [{ id, name, ...(named?.active === undefined ? {} : { active: named.active }) }];
}

function nothingFound(pending: boolean, withoutDirectory: boolean): string {
  if (pending) return 'Loading…';
  return withoutDirectory
    ? "This instance lists no owners by name: type the owner's id"
    : 'No owner has that name';
}
