import { isApiError } from '../../../api/api-error';

/**
 * What went wrong with one request, for a list of failures: the app's explanation, and
 * the server's own message when the explanation leaves it out (as it does for a 500).
 */
export function failureMessage(error: unknown): string {
  if (!(error instanceof Error)) return 'The request failed.';
  const server = isApiError(error) ? error.body?.message.trim() : undefined;
  if (!server || error.message.toLowerCase().includes(server.toLowerCase())) return error.message;
  return `${error.message} The server said: “${server}”`;
}
