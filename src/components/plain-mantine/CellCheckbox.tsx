import type { ChangeEvent } from 'react';
import controls from './cell-controls.module.css';
import { mantineClasses as m } from './mantine-markup';

const checkboxClass = `${m.checkboxInput} ${controls.checkbox}`;

/**
 * Mantine's `Checkbox` (no visible label) drawn by its input alone, for a row of the
 * table (cell-controls.module.css).
 */
export function CellCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <input
      className={checkboxClass}
      aria-label={label}
      type="checkbox"
      checked={checked}
      onChange={onChange}
    />
  );
}
