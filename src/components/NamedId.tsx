import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/**
 * A name where the instance's directory gives one, else the id; the id shows on
 * hover and has a button that copies it. `what` names the kind: "owner", "data source".
 */
export function NamedId({
  name,
  id,
  what,
  copyable = true,
}: {
  name?: string;
  id: string | number;
  what: string;
  copyable?: boolean;
}) {
  const label = `${what.charAt(0).toUpperCase()}${what.slice(1)} id ${id}`;
  return (
    <Group
      gap={4}
      wrap="nowrap"
      component="span"
      style={{ display: 'inline-flex', maxWidth: '100%' }}
    >
      {name === undefined ? (
        <Text span inherit ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {id}
        </Text>
      ) : (
        <Tooltip label={label} openDelay={300} withinPortal>
          <Text span inherit style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
        </Tooltip>
      )}
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
