import { IconAlertTriangle } from '../../../components/icons/icons';
import type { CSSProperties } from 'react';

/** The mark of a field whose expression is not valid, wherever a row shows it. */
export function InvalidIcon({ style }: { style?: CSSProperties }) {
  return (
    <IconAlertTriangle
      size={16}
      role="img"
      aria-label="Invalid"
      color="var(--mantine-color-red-text)"
      style={style}
    />
  );
}
