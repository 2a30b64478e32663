import type { QueryClient } from '@tanstack/react-query';
import { sendSearchNow } from '../../api/calculated-fields/search-fields';
import { hasSession } from '../../api/session';
import { isFieldsAddress } from '../../links/field-address';
import { findingScopeOf, readFindingScope } from '../../links/finding-address';
import { readTableView } from '../../links/table-address';
import { toSearchRequest } from '../../links/table-search';

/**
 * Sends the search of the table's view when the app opens at the table's address,
 * before the router has loaded the page's code: the app's entry calls it once the
 * session is known, so the first rows are on their way while the page's files
 * arrive (docs/web-app.md, "Loading"). Without a session nothing is asked: the page
 * sends to sign-in.
 */
export function prefetchFieldsPage(
  client: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
): void {
  if (!isFieldsAddress(location.pathname)) return;
  if (!hasSession()) return;
  const address = new URLSearchParams(location.search);
  const scope = findingScopeOf(readFindingScope(address));
  void sendSearchNow(client, toSearchRequest(readTableView(address)), scope);
}
