import { Stack, Text, Title } from '@mantine/core';

export function AuditPlaceholder() {
  return (
    <Stack p="md">
      <Title order={1}>Audit</Title>
      <Text>Audit arrives soon.</Text>
    </Stack>
  );
}
