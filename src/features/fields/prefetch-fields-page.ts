import type { QueryClient } from '@tanstack/react-query';
import { sendSearchNow } from '../../api/calculated-fields/search-fields';
import { getSession } from '../../api/session';
import { findingScopeOf, readFindingScope } from '../../links/finding-address';
import { readTableView } from '../../links/table-address';
import { toSearchRequest } from '../../links/table-search';

/**
 * Sends the search of the table's view in `address` while the page's code is still
 * loading: the router calls it as it starts loading the page, so the first rows are
 * there when the page first draws instead of being asked for then (docs/web-app.md,
 * "Loading"). Without a session nothing is asked: the page sends to sign-in.
 */
export function prefetchFieldsPage(client: QueryClient, address: URLSearchParams): void {
  const session = getSession();
  if (!session.token && !session.heldByServer) return;
  const scope = findingScopeOf(readFindingScope(address));
  void sendSearchNow(client, toSearchRequest(readTableView(address)), scope);
}
