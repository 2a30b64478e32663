import { Skeleton } from '@mantine/core';

/**
 * Where the ranked list and the scan's panel will be: drawn while their answers are on
 * their way, and while their code is (AuditPage.tsx), so nothing moves between the two.
 */
export const fixFirstPlaceholder = <Skeleton height={240} />;
export const scanPanelPlaceholder = <Skeleton height={90} />;
