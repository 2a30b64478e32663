import { useQuery } from '@tanstack/react-query';
import { appConfigQuery } from '../../../api/app-config';
import type { CopySortField } from '../../../contract/copy-orders';

const none: readonly CopySortField[] = [];

/** The sorts production lacks that this server answers from its copy; none until it says. */
export function useCopySorts(): readonly CopySortField[] {
  return useQuery({ ...appConfigQuery, select: (config) => config.copySorts ?? none }).data ?? none;
}
