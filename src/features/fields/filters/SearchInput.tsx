import { CloseButton, TextInput } from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { IconSearch } from '../../../components/icons/icons';
import { memo, useState } from 'react';
import type { Ref } from 'react';
import { useKeySearches } from './use-key-searches';

/** Typed names remembered while the address catches up: more than a burst of typing. */
const maxUnanswered = 20;

/**
 * The box itself, drawn again only when its text changes: the page gives the search
 * box each shown name back (the view's name), which changes nothing in the box.
 */
const SearchBox = memo(function SearchBox({
  ref,
  text,
  onType,
  onClear,
  onEnter,
}: {
  ref?: Ref<HTMLInputElement>;
  text: string;
  onType: (name: string) => void;
  onClear: () => void;
  onEnter: () => void;
}) {
  return (
    <TextInput
      ref={ref}
      type="search"
      aria-label="Search by name"
      placeholder="Search by name"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? <CloseButton aria-label="Clear the search" size="sm" onClick={onClear} /> : null
      }
      value={text}
      onChange={(event) => onType(event.currentTarget.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') onEnter();
      }}
      maxLength={256}
      w={{ base: '100%', sm: 360 }}
    />
  );
});

/** Searches by name as the user types: each key's search goes out from the key itself. */
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
  const searches = useKeySearches(onChange);

  const type = useCallbackRef((name: string) => {
    take(name);
    searches.send(name);
  });
  const clear = useCallbackRef(() => {
    searches.cancel();
    take('');
    onChange('');
  });
  return (
    <SearchBox ref={ref} text={draft} onType={type} onClear={clear} onEnter={searches.flush} />
  );
});
