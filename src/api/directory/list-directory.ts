import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { DirectoryKind, DirectoryResponse } from '../../contract/directory';
import { directoryListQuery, directoryResponseSchema } from '../../contract/directory';
import { apiPaths } from '../../contract/paths';
import { requestJson } from '../http-client';
import {
  directoryKnownMissing,
  isDirectoryMissing,
  rememberDirectoryMissing,
} from './directory-availability';
import { directoryKeys } from './directory-keys';

/** How many suggestions a picker shows at once. */
export const PICKER_SUGGESTIONS = 50;

export type DirectoryList = { available: false } | ({ available: true } & DirectoryResponse);

export async function listDirectory(
  kind: DirectoryKind,
  name: string,
  client: QueryClient,
  signal?: AbortSignal,
): Promise<DirectoryList> {
  if (directoryKnownMissing(client)) return { available: false };
  try {
    const query = directoryListQuery({ kind, name, limit: PICKER_SUGGESTIONS });
    const page = await requestJson(`${apiPaths.directory}?${query}`, directoryResponseSchema, {
      signal,
    });
    return { available: true, ...page };
  } catch (error) {
    if (!isDirectoryMissing(error)) throw error;
    rememberDirectoryMissing(client);
    return { available: false };
  }
}

export function directoryListOptions(kind: DirectoryKind, name: string) {
  return queryOptions({
    queryKey: directoryKeys.list(kind, name),
    queryFn: ({ client, signal }) => listDirectory(kind, name, client, signal),
    staleTime: 5 * 60_000,
    // Typing keeps the last suggestions on screen until the next ones arrive.
    placeholderData: keepPreviousData,
  });
}

/** Names of one kind containing `name`, for a picker that suggests as you type. */
export function useDirectoryList(kind: DirectoryKind, name: string, enabled = true) {
  return useQuery({ ...directoryListOptions(kind, name.trim()), enabled });
}
