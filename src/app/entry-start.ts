import { fetchTokenHeldByServer } from '../api/app-config';
import { startServerHeldSession, startSession } from '../api/session';
import { takeTokenFromAddress } from '../api/token-from-address';
import { prefetchFieldsPage } from '../features/fields/prefetch-fields-page';
import { loadFirstPageCode } from './first-page-code';
import { createQueryClient } from './query-client';

// The first of the entry's modules to run (src/main.tsx imports it before React): the
// rest of the entry, React, Mantine and the router, takes 30 to 60 ms to evaluate, and
// the fields page's files, asked for once the router was made, arrived only after it
// (bench/results/first-screen.md). Asked for here, they arrive meanwhile.

// A sign-in link's token leaves the address before anything renders or requests.
const linkedToken = takeTokenFromAddress(window.location, window.history);

loadFirstPageCode(window.location.pathname);

// Whether to ask for a token is known before the first screen, so sign-in never
// flashes up when the server holds the token. The config's answer, asked for by
// index.html, is in long before this runs; awaited here, the rest of the entry is
// evaluated after the first search is sent rather than before it: the search waited
// for the whole entry and the page's first layout, about 100 ms on a busy machine,
// where the floor sends its own as its script starts (bench/results/first-screen.md).
if (await fetchTokenHeldByServer()) startServerHeldSession();
else if (linkedToken) startSession(linkedToken, false);

/**
 * The app's query cache, made once the session is known: the table's first rows are
 * asked for in it now, under that session, rather than once the router has loaded the
 * page's files.
 */
export const firstQueryClient = createQueryClient();
prefetchFieldsPage(firstQueryClient, window.location);
