import { Button, Group, Text } from '@mantine/core';
import { memo } from 'react';
import { IconRefresh } from '../../../components/icons/icons';

/**
 * Loads the view afresh. After a lock the view is out of date but left as it is,
 * so the changed row stays under the pointer; this says so and offers the refresh.
 * Memoized: the page's other renders (each typed key's rows) do not draw it again.
 */
export const RefreshView = memo(function RefreshView({
  outdated,
  refreshing,
  onRefresh,
}: {
  outdated: boolean;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      {outdated && (
        <Text size="sm" c="dimmed" role="status">
          Changed rows stay in place until you refresh
        </Text>
      )}
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconRefresh size={14} aria-hidden />}
        loading={refreshing}
        onClick={onRefresh}
      >
        Refresh
      </Button>
    </Group>
  );
});
