import { Center, Loader } from '@mantine/core';

/** Shown while a page's code or first data arrives. */
export function PageLoader({ label }: { label: string }) {
  return (
    <Center h="60vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
