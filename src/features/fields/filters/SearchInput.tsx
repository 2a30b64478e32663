import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '../../../components/icons/icons';
import { memo, useState } from 'react';
import type { Ref } from 'react';
import { typingPauseMs } from './typing-pause';

/** Typed names remembered while the address catches up: more than a burst of typing. */
const maxUnanswered = 20;

/** Searches by name as the user types, after each short pause. */
export const SearchInput = memo(function SearchInput({
  ref,
  value,
  onChange,
}: {
  /** The box, for the `/` shortcut to focus it. */
  ref?: Ref<HTMLInputElement>;
  value: string;
  onChange: (name: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // What this box took that the address has not shown yet, oldest first. On a busy
  // machine the address can show one of them after the box has sent a newer one.
  const [unanswered, setUnanswered] = useState<string[]>([]);
  if (value !== shown) {
    setShown(value);
    const echoed = unanswered.indexOf(value);
    // The address echoing what was typed here keeps the box as it is: letters typed
    // since then would be lost. Any other change (back/forward, "clear all") shows.
    if (echoed === -1) {
      setDraft(value);
      setUnanswered([]);
    } else setUnanswered(unanswered.slice(echoed + 1));
  }
  // Noted with the text itself, in the key's own render: noted when the search was
  // sent, it drew the box a second time per key.
  const take = (name: string) => {
    setDraft(name);
    setUnanswered((names) => [...names, name].slice(-maxUnanswered));
  };
  const commit = useDebouncedCallback(onChange, typingPauseMs);

  const clear = () => {
    commit.cancel();
    take('');
    onChange('');
  };

  return (
    <TextInput
      ref={ref}
      type="search"
      aria-label="Search by name"
      placeholder="Search by name"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        draft ? <CloseButton aria-label="Clear the search" size="sm" onClick={clear} /> : null
      }
      value={draft}
      onChange={(event) => {
        take(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit.flush();
      }}
      maxLength={256}
      w={{ base: '100%', sm: 360 }}
    />
  );
});
