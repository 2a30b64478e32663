import { useContext } from 'react';
import { useLockPending } from '../../../api/calculated-fields/lock-field';
import { CellSwitch } from '../../../components/plain-mantine/CellSwitch';
import type { SearchResultItem } from '../../../contract/field';
import { READER_MAY_NOT_LOCK } from '../../../components/reader-words';
import { LockAllowed } from './lock-allowed';
import { showHiddenCharacters } from '../../../contract/hidden-characters';

/**
 * A row's lock switch: LockToggle's behaviour (components/LockToggle.tsx) as plain
 * elements. The table sends the change (one `useLockWithUndo` for every row, rather
 * than a mutation observer per row); while it is on its way the switch is marked
 * unavailable, and presses are ignored.
 */
export function RowLockSwitch({
  field,
  setLocked,
}: {
  field: SearchResultItem;
  setLocked: (field: SearchResultItem, locked: boolean) => void;
}) {
  const pending = useLockPending(field.id);
  const allowed = useContext(LockAllowed);
  return (
    <CellSwitch
      label={`Lock ${showHiddenCharacters(field.name)}`}
      checked={field.locked}
      pending={pending}
      refusal={allowed ? undefined : READER_MAY_NOT_LOCK}
      onChange={(event) => {
        if (allowed) setLocked(field, event.currentTarget.checked);
      }}
    />
  );
}
