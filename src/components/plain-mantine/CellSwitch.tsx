import type { ChangeEvent } from 'react';
import { mantineClasses as m } from './mantine-markup';

const pendingStyle = { opacity: 0.6, cursor: 'progress' };

/**
 * Mantine's `Switch` (no visible label) as plain elements, for a row of the table. The
 * label element around the input makes the whole track clickable, as Mantine's does.
 */
export function CellSwitch({
  label,
  checked,
  pending,
  onChange,
}: {
  label: string;
  checked: boolean;
  /** Marked unavailable while a change is on its way (see LockToggle). */
  pending: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <div
      className={m.switchRoot}
      data-label-position="right"
      data-checked={checked}
      style={pending ? pendingStyle : undefined}
    >
      <label className={m.switchBody}>
        <input
          aria-label={label}
          aria-disabled={pending || undefined}
          data-checked={checked}
          role="switch"
          className={m.switchInput}
          type="checkbox"
          checked={checked}
          onChange={onChange}
        />
        <span
          className={m.switchTrack}
          data-label-position="right"
          data-without-labels="true"
          aria-hidden="true"
        >
          <span
            className={m.switchThumb}
            data-reduce-motion="true"
            data-with-thumb-indicator="true"
          />
          <span className={m.switchTrackLabel} />
        </span>
        <div className={m.labelWrapper} />
      </label>
    </div>
  );
}
