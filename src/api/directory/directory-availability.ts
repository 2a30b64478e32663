import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api-error';
import { directoryKeys } from './directory-keys';

/** A real instance has no directory: it answers 404 (or 405) and the app shows ids. */
export function isDirectoryMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 405);
}

export function directoryKnownMissing(client: QueryClient): boolean {
  return client.getQueryData(directoryKeys.availability()) === 'missing';
}

/** Remembered for the session, so a missing directory costs one request, not one per view. */
export function rememberDirectoryMissing(client: QueryClient): void {
  client.setQueryData(directoryKeys.availability(), 'missing');
}
