import type { ChangeEvent } from 'react';
import { checkboxStyle, mantineClasses as m } from './mantine-markup';

/** Mantine's check mark, drawn inside the box. */
const checkMark = (
  <svg
    viewBox="0 0 10 7"
    fill="none"
    xmlns="http://www.w3.org/2000/svg"
    aria-hidden="true"
    className={m.checkboxIcon}
  >
    <path
      d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
      fill="currentColor"
      fillRule="evenodd"
      clipRule="evenodd"
    />
  </svg>
);

/** Mantine's `Checkbox` (no visible label) as plain elements, for a row of the table. */
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
    <div
      className={m.checkboxRoot}
      data-variant="filled"
      data-label-position="right"
      data-checked={checked || undefined}
      style={checkboxStyle}
    >
      <div className={m.checkboxBody}>
        <div className={m.checkboxInner} data-label-position="right">
          <input
            className={m.checkboxInput}
            data-with-error-styles="true"
            aria-label={label}
            type="checkbox"
            checked={checked}
            onChange={onChange}
          />
          {checkMark}
        </div>
        <div className={m.labelWrapper} />
      </div>
    </div>
  );
}
