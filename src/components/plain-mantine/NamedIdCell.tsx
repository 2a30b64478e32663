import { useClipboard } from '@mantine/hooks';
import { IconCheck, IconCopy } from '../icons/icons';
import { useLazyTooltip } from '../use-lazy-tooltip';
import { groupStyle, mantineClasses as m, subtleActionIconStyle } from './mantine-markup';

// Made once: a row draws these elements, not the icons' components, again.
const copyIcon = <IconCopy size={12} />;
const copiedIcon = <IconCheck size={12} />;

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
          {name}
        </span>
      )}
      {name !== undefined && tooltip}
      <button
        className={m.actionIcon}
        data-variant="subtle"
        data-size="xs"
        type="button"
        aria-label={copied ? `Copied the ${what} id` : `Copy the ${what} id ${id}`}
        style={subtleActionIconStyle[copied ? 'teal' : 'gray']}
        onClick={() => clipboard.copy(String(id))}
      >
        <span className={m.actionIconIcon}>{copied ? copiedIcon : copyIcon}</span>
      </button>
    </span>
  );
}
