import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy } from '../icons/icons';
import { iconMaskStyle } from '../icons/icon-mask';
import icon from '../icons/masked-icon.module.css';
import { useLazyTooltip } from '../use-lazy-tooltip';
import { groupStyle, mantineClasses as m, subtleActionIconStyle } from './mantine-markup';
import { UserText } from '../UserText';

// The button draws its icon itself (icon-mask.ts): two of these on every row of the
// fields table were 8 of a row's 54 elements.
const copyButtonStyle = { ...subtleActionIconStyle.gray, ...iconMaskStyle(IconCopy, 12) };
const copiedButtonStyle = { ...subtleActionIconStyle.teal, ...iconMaskStyle(IconCheck, 12) };

const wrapperStyle = { ...groupStyle(4), display: 'inline-flex', maxWidth: '100%' };
const idStyle = { fontFamily: 'var(--mantine-font-family-monospace)' };
const wrapStyle = { overflowWrap: 'anywhere' } as const;
const wrappedIdStyle = { ...idStyle, ...wrapStyle };

/**
 * NamedId (components/NamedId.tsx) for a table cell, as plain elements with Mantine's
 * classes: the name where the directory gives one (the id in a tooltip), else the id,
 * and a button that copies the id. Cut short to the cell, or wrapped over lines
 * (`wrap`, for tables whose rows may grow).
 */
export function NamedIdCell({
  name,
  id,
  what,
  wrap = false,
}: {
  name?: string;
  id: string | number;
  what: string;
  wrap?: boolean;
}) {
  const label = `${what.charAt(0).toUpperCase()}${what.slice(1)} id ${id}`;
  const { targetProps, tooltip } = useLazyTooltip<HTMLSpanElement>(label);
  const clipboard = useClipboard({ timeout: 1000 });
  const copied = clipboard.copied;
  return (
    <span className={m.group} style={wrapperStyle}>
      {name === undefined ? (
        <span
          className={m.text}
          data-truncate={wrap ? undefined : 'end'}
          data-inherit="true"
          style={wrap ? wrappedIdStyle : idStyle}
        >
          {id}
        </span>
      ) : (
        <span
          className={m.text}
          data-truncate={wrap ? undefined : 'end'}
          data-inherit="true"
          style={wrap ? wrapStyle : undefined}
          {...targetProps}
        >
          <UserText text={name} />
        </span>
      )}
      {name !== undefined && tooltip}
      <button
        className={`${m.actionIcon} ${icon.maskedIcon}`}
        data-variant="subtle"
        data-size="xs"
        type="button"
        aria-label={copied ? `Copied the ${what} id` : `Copy the ${what} id ${id}`}
        style={copied ? copiedButtonStyle : copyButtonStyle}
        onClick={() => clipboard.copy(String(id))}
      />
    </span>
  );
}
