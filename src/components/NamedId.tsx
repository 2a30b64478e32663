import { ActionIcon, Anchor, CopyButton, Group, Text } from '@mantine/core';
import { IconCheck, IconCopy } from './icons/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useLazyTooltip } from './use-lazy-tooltip';
import { UserText } from './UserText';

/**
 * A name where the instance's directory gives one, else the id; the id shows on
 * hover and has a button that copies it. `what` names the kind: "owner", "data source".
 * With `to`, the name is a link there (the fields table filtered by it).
 */
export function NamedId({
  name,
  id,
  what,
  copyable = true,
  to,
  truncate = false,
}: {
  name?: string;
  id: string | number;
  what: string;
  copyable?: boolean;
  to?: string;
  /** One line, cut short with an ellipsis (a table cell); otherwise long names wrap. */
  truncate?: boolean;
}) {
  const textProps = truncate
    ? { truncate: true as const }
    : { style: { overflowWrap: 'anywhere' as const } };
  const linked = (text: ReactNode) =>
    to === undefined ? (
      text
    ) : (
      <Anchor component={Link} to={to} inherit>
        {text}
      </Anchor>
    );
  const label = `${what.charAt(0).toUpperCase()}${what.slice(1)} id ${id}`;
  const { targetProps, tooltip } = useLazyTooltip<HTMLParagraphElement>(label);
  return (
    <Group
      gap={4}
      wrap="nowrap"
      component="span"
      style={{ display: 'inline-flex', maxWidth: '100%' }}
    >
      {name === undefined ? (
        <Text span inherit ff="monospace" {...textProps}>
          {linked(id)}
        </Text>
      ) : (
        <Text span inherit {...textProps} {...targetProps}>
          {linked(<UserText text={name} />)}
        </Text>
      )}
      {name !== undefined && tooltip}
      {copyable && (
        <CopyButton value={String(id)}>
          {({ copied, copy }) => (
            <ActionIcon
              size="xs"
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              aria-label={copied ? `Copied the ${what} id` : `Copy the ${what} id ${id}`}
              onClick={copy}
            >
              {copied ? <IconCheck size={12} /> : <IconCopy size={12} />}
            </ActionIcon>
          )}
        </CopyButton>
      )}
    </Group>
  );
}
