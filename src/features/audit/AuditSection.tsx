import { Stack, Title } from '@mantine/core';
import { useId } from 'react';

/** One of the audit page's sections: a titled region its heading names. */
export function AuditSection({
  title,
  busy,
  children,
}: {
  title: string;
  busy?: boolean;
  children: React.ReactNode;
}) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} aria-busy={busy} gap="sm">
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
