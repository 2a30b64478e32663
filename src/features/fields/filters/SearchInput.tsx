import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { typingPauseMs } from './typing-pause';

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
  // What this box last sent, until the address answers with it.
  const [sent, setSent] = useState<string>();
  if (value !== shown) {
    setShown(value);
    setSent(undefined);
    // The address echoing what was typed here keeps the box as it is: letters typed
    // since then would be lost. Any other change (back/forward, "clear all") shows.
    if (value !== sent) setDraft(value);
  }
  const send = (name: string) => {
    setSent(name);
    onChange(name);
  };
  const commit = useDebouncedCallback(send, typingPauseMs);

  const clear = () => {
    commit.cancel();
    setDraft('');
    send('');
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
