import { IconAlertTriangle, IconCircleCheck } from './icons/icons';
import { iconMaskStyle } from './icons/icon-mask';
import icon from './icons/masked-icon.module.css';
import { isValidStatus } from '../contract/field-status';
import {
  groupStyle,
  mantineClasses as m,
  redFilledBadgeStyle,
  textSizeStyle,
} from './plain-mantine/mantine-markup';

// Made once; a table draws a status per row (plain elements: components/plain-mantine),
// with the valid mark drawn by the group itself (icon-mask.ts).
const validStyle = {
  ...groupStyle(4),
  ...iconMaskStyle(IconCircleCheck, 16, 'var(--mantine-color-teal-text)'),
};
const invalidIcon = <IconAlertTriangle size={12} />;

/** A field's status: VALID reads quietly, anything else stands out by icon and colour. */
export function StatusBadge({ status }: { status: string }) {
  if (isValidStatus(status)) {
    return (
      <div className={`${m.group} ${icon.maskedIcon}`} style={validStyle}>
        <p className={m.text} data-size="sm" style={textSizeStyle.sm}>
          {status}
        </p>
      </div>
    );
  }
  return (
    <div
      className={m.badge}
      data-variant="filled"
      data-with-left-section="true"
      style={redFilledBadgeStyle}
    >
      <span className={m.badgeSection} data-position="left">
        {invalidIcon}
      </span>
      <span className={m.badgeLabel}>{status}</span>
    </div>
  );
}
