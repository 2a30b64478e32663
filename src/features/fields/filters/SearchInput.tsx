import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * Keys closer together than this are sent as one search. The server answers a
 * name search in milliseconds and a newer search cancels the one in flight, so
 * the pause only merges bursts (a held key, fast typing) and stays short enough
 * that the rows follow the last key within 100 ms (bench/results/browser.md).
 */
export const typingPauseMs = 40;

/** Searches by name as the user types, after each short pause. */
export function SearchInput({
  value,
  onChange,
}: {
  value: string;
  onChange: (name: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL changed without typing here (back/forward, "clear all"): show its value.
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const commit = useDebouncedCallback(onChange, typingPauseMs);

  const clear = () => {
    commit.cancel();
    setDraft('');
    onChange('');
  };

  return (
    <TextInput
      type="search"
      aria-label="Search by name"
      placeholder="Search by name"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        draft ? <CloseButton aria-label="Clear the search" size="sm" onClick={clear} /> : null
      }
      value={draft}
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush();
      }}
      maxLength={256}
      w={{ base: '100%', sm: 360 }}
    />
  );
}
