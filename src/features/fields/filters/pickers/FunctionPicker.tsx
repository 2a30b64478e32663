import { useDebouncedValue } from '@mantine/hooks';
import { memo, useState } from 'react';
import type { FieldFilters } from '../../../../links/table-address';
import { useFunctionUsage } from '../../../../api/functions/function-usage';
import { functionNameOf } from '../../../../links/table-address';
import { plural } from '../../../../components/plural';
import { knownFunctionNames } from './known-function-names';
import { TypeAheadPicker } from './TypeAheadPicker';
import type { PickerOption } from './TypeAheadPicker';

const typingPauseMs = 150;

const descriptions = {
  unknown: 'Fields using any of these.',
  scanned: 'Fields using any of these; suggestions come from the latest audit scan.',
  notScanned:
    'Fields using any of these. No audit scan yet, so these are all known names, not only this instance’s.',
};

/**
 * Functions and operators the expression uses. Suggests the names the instance's
 * fields use (from the audit's latest scan, with how many fields use each); before
 * a scan, every name the analyzer knows. Any name can be typed. Drawn again only when
 * the functions picked change (`change` is the same function from render to render).
 */
export const FunctionPicker = memo(function FunctionPicker({
  values,
  change,
}: {
  values: string[];
  change: (part: Partial<FieldFilters>) => void;
}) {
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim().toUpperCase(), typingPauseMs);
  const [opened, setOpened] = useState(false);
  const usage = useFunctionUsage(settled, opened);

  let options: PickerOption[] = [];
  if (usage.data?.scanned) {
    options = usage.data.functions.map((used) => ({
      value: used.name,
      label: used.name,
      detail: plural(used.fields, 'field', 'fields'),
    }));
  } else if (usage.data || usage.isError) {
    const typed = search.trim().toUpperCase();
    options = knownFunctionNames
      .filter((name) => name.includes(typed))
      .slice(0, 50)
      .map((name) => ({ value: name, label: name }));
  }

  return (
    <TypeAheadPicker
      label="Functions"
      description={
        descriptions[
          usage.data === undefined ? 'unknown' : usage.data.scanned ? 'scanned' : 'notScanned'
        ]
      }
      placeholder="Type a name, e.g. SUM"
      values={values}
      labelOf={(value) => value}
      onChange={(functions) => change({ functions })}
      search={search}
      onSearchChange={setSearch}
      options={options}
      optionsCurrent={
        !usage.data?.scanned ||
        (!usage.isPlaceholderData && settled === search.trim().toUpperCase())
      }
      loading={usage.isFetching}
      emptyText={
        usage.isPending ? 'Loading…' : 'No function by that name; press Enter to use it anyway'
      }
      onFirstOpen={() => setOpened(true)}
      readTyped={(text) => {
        const name = functionNameOf(text);
        return name
          ? { value: name }
          : { error: 'A function name is letters, digits and _, e.g. SUM or SERVICE_OP_DIVIDE' };
      }}
    />
  );
});
