import { Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { ReactNode } from 'react';

/** One chart as a labelled region: its title names it for screen readers too. */
export function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" withBorder p="md" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId}>
        {title}
      </Title>
      {description && (
        <Text size="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      )}
      {children}
    </Paper>
  );
}
