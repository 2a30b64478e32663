import type { ChangeEvent } from 'react';
import controls from './cell-controls.module.css';

const switchClass = `mantine-focus-auto ${controls.switch}`;
const pendingStyle = { opacity: 0.6, cursor: 'progress' };

/**
 * Mantine's `Switch` (no visible label) drawn by its input alone, for a row of the table
 * (cell-controls.module.css).
 */
export function CellSwitch({
  label,
  checked,
  pending,
  onChange,
  refusal,
}: {
  label: string;
  checked: boolean;
  /** Marked unavailable while a change is on its way (see LockToggle). */
  pending: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Why it may not be changed at all: shown as its title, and it is marked unavailable. */
  refusal?: string;
}) {
  return (
    <input
      className={switchClass}
      aria-label={label}
      aria-disabled={pending || refusal !== undefined || undefined}
      title={refusal}
      role="switch"
      type="checkbox"
      checked={checked}
      style={pending ? pendingStyle : undefined}
      onChange={onChange}
    />
  );
}
