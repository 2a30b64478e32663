import { Combobox, Group, Loader, Pill, PillsInput, Text, useCombobox } from '@mantine/core';
import { useState } from 'react';
import type { ReactNode } from 'react';

export interface PickerOption {
  value: string;
  label: string;
  /** Shown dimmed beside the label, e.g. the id or how many fields use it. */
  detail?: string;
}

export interface TypeAheadPickerProps {
  label: string;
  description?: ReactNode;
  placeholder: string;
  /** The values picked, in the order picked. */
  values: string[];
  /** What a picked value's chip says (a name where one is known, else the value). */
  labelOf: (value: string) => string;
  onChange: (values: string[]) => void;
  /** The text typed so far; the suggestions follow it. */
  search: string;
  onSearchChange: (search: string) => void;
  /** Suggestions for `search`, already matched (the picker does not filter them again). */
  options: PickerOption[];
  /**
   * False while `options` still answer earlier text (the next ones are on their way):
   * Enter then never picks a suggestion the user did not mean.
   */
  optionsCurrent: boolean;
  loading?: boolean;
  /** Said in the dropdown when nothing is suggested. */
  emptyText: string;
  /**
   * Enter on typed text that matches no suggestion: the value it stands for, or an
   * error to show (e.g. "owner ids are numbers").
   */
  readTyped: (text: string) => { value: string } | { error: string };
  /** The suggestions are first wanted: ask for them only then, not whenever the menu opens. */
  onFirstOpen: () => void;
}

/**
 * A multi-select with suggestions as you type. Each pick is a chip whose × removes
 * it (Tab reaches it); Backspace in the empty box removes the last one; the down
 * arrow opens the suggestions, the arrow keys move through them and Enter picks one
 * (see `pickTyped` for Enter with none highlighted).
 */
export function TypeAheadPicker(props: TypeAheadPickerProps) {
  const { values, onChange, search, onSearchChange, options } = props;
  const [typedError, setTypedError] = useState<string>();
  const combobox = useCombobox({
    onDropdownClose: () => combobox.resetSelectedOption(),
    onDropdownOpen: () => {
      props.onFirstOpen();
      combobox.updateSelectedOptionIndex('active');
    },
  });

  const pick = (value: string) => {
    setTypedError(undefined);
    onSearchChange('');
    if (!values.includes(value)) onChange([...values, value]);
  };
  const remove = (value: string) => onChange(values.filter((other) => other !== value));

  const suggestions = options.filter((option) => !values.includes(option.value));

  /**
   * Enter with no suggestion highlighted: the suggestion named exactly so, else the
   * first suggestion, else the typed text itself (an id, a function name). While the
   * suggestions still answer earlier text, only those whose label holds the text count.
   */
  const pickTyped = () => {
    const text = search.trim();
    if (text === '') return;
    const lower = text.toLowerCase();
    const candidates = props.optionsCurrent
      ? suggestions
      : suggestions.filter((option) => option.label.toLowerCase().includes(lower));
    const chosen =
      candidates.find((option) => option.label.toLowerCase() === lower) ?? candidates[0];
    if (chosen) return pick(chosen.value);
    const typed = props.readTyped(text);
    if ('value' in typed) pick(typed.value);
    else if (props.optionsCurrent) setTypedError(typed.error);
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(value) => {
        pick(value);
        combobox.resetSelectedOption();
      }}
      withinPortal={false}
    >
      <Combobox.DropdownTarget>
        <PillsInput
          label={props.label}
          description={props.description}
          error={typedError}
          onClick={() => combobox.openDropdown()}
          rightSection={
            props.loading ? (
              <Loader size="xs" role="status" aria-label="Loading suggestions" />
            ) : null
          }
        >
          <Pill.Group>
            {values.map((value) => {
              const label = props.labelOf(value);
              return (
                <Pill
                  key={value}
                  withRemoveButton
                  onRemove={() => remove(value)}
                  title={label === value ? undefined : value}
                  removeButtonProps={{
                    tabIndex: 0,
                    'aria-hidden': false,
                    'aria-label': `Remove ${props.label.toLowerCase()} ${label}`,
                  }}
                >
                  {label}
                </Pill>
              );
            })}
            <Combobox.EventsTarget withExpandedAttribute>
              <PillsInput.Field
                role="combobox"
                value={search}
                placeholder={values.length === 0 ? props.placeholder : undefined}
                aria-label={props.label}
                // Not opened on focus: the filter menu gives its first box the focus, and
                // the suggestions would cover the rest of the menu (and load the directory)
                // before anyone asked. A click, typing or the down arrow opens them.
                onBlur={() => combobox.closeDropdown()}
                onChange={(event) => {
                  setTypedError(undefined);
                  combobox.updateSelectedOptionIndex();
                  combobox.openDropdown();
                  onSearchChange(event.currentTarget.value);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Backspace' && search === '' && values.length > 0) {
                    event.preventDefault();
                    remove(values.at(-1)!);
                  }
                  // Enter with a suggestion highlighted is the combobox's; without one, the typed text.
                  if (event.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
                    event.preventDefault();
                    pickTyped();
                  }
                }}
              />
            </Combobox.EventsTarget>
          </Pill.Group>
        </PillsInput>
      </Combobox.DropdownTarget>
      <Combobox.Dropdown>
        <Combobox.Options mah={240} style={{ overflowY: 'auto' }}>
          {suggestions.length === 0 ? (
            <Combobox.Empty>{props.emptyText}</Combobox.Empty>
          ) : (
            suggestions.map((option) => (
              <Combobox.Option value={option.value} key={option.value}>
                <Group gap="xs" wrap="nowrap" justify="space-between">
                  <Text size="sm" truncate>
                    {option.label}
                  </Text>
                  {option.detail !== undefined && (
                    <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
                      {option.detail}
                    </Text>
                  )}
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
