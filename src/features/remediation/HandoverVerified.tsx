import { List, Stack, Text } from '@mantine/core';
import type { ChangeSetDetail } from '../../contract/journal';
import { UserText } from '../../components/UserText';

/**
 * What the instance holds after a hand-over: the journal reads each field back
 * once it is sent, and its `after` is that reading. A field counts as handed over
 * only when that reading has the planned owner.
 */
export function HandoverVerified({ detail }: { detail: ChangeSetDetail }) {
  const handed = detail.items.flatMap((item) =>
    'update' in item.change && item.change.update.owner !== undefined
      ? [{ item, owner: item.change.update.owner }]
      : [],
  );
  const notHeld = handed.filter(
    ({ item, owner }) => item.state !== 'applied' || item.after?.owner !== owner,
  );
  return (
    <Stack gap={4}>
      <Text>
        Read again from the instance: {handed.length - notHeld.length} of {handed.length} fields now
        have the planned owner.
      </Text>
      {notHeld.length > 0 && (
        <List size="sm" aria-label="Not handed over">
          {notHeld.map(({ item }) => (
            <List.Item key={item.fieldId}>
              <UserText text={item.fieldName} />:{' '}
              {item.error?.message ?? item.message ?? item.state}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
