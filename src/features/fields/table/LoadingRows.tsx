import { Skeleton, Stack } from '@mantine/core';

/** Stands in for the table until its first page arrives. */
export function LoadingRows() {
  return (
    <Stack gap={8} role="status" aria-label="Loading calculated fields">
      {Array.from({ length: 8 }, (_, index) => (
        <Skeleton key={index} height={36} />
      ))}
    </Stack>
  );
}
