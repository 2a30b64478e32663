import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/reduced-motion.css';
// First of the modules below: it asks for the first page's code before the rest run.
import { linkedToken } from './app/entry-start';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchTokenHeldByServer } from './api/app-config';
import { startServerHeldSession, startSession } from './api/session';
import { App } from './app/App';
import { loadLocaleData } from './app/locale-data';
import { createQueryClient } from './app/query-client';
import { createAppRouter, firstPageLoaded } from './app/router';
import { prefetchFieldsPage } from './features/fields/prefetch-fields-page';

// Whether to ask for a token is known before the first screen, so sign-in never
// flashes up when the server holds the token.
void fetchTokenHeldByServer().then(async (heldByServer) => {
  if (heldByServer) startServerHeldSession();
  else if (linkedToken) startSession(linkedToken, false);
  const client = createQueryClient();
  // The table's first rows are asked for now, under the session just known, rather
  // than once the router has loaded the page's files: those arrive over the browser's
  // six connections after the entry's, and the search waited for the last of them
  // (bench/results/first-screen.md).
  prefetchFieldsPage(client, window.location);
  // Made before the first render, the router starts loading the page's code (and the
  // audit page's first request) at once, not after a first render of a loader; the app
  // is drawn once that code is in, rather than a loader first and the page after
  // (bench/results/audit-first-screen.md). Meanwhile index.html's frame and spinner stay.
  const router = createAppRouter(client);
  // After the first search is sent, while the page's code compiles: in a task of its
  // own before then, it held back the config's answer and so the search.
  loadLocaleData();
  await firstPageLoaded(router);
  const root = createRoot(document.getElementById('root')!);
  const app = (
    <StrictMode>
      <App client={client} router={router} />
    </StrictMode>
  );
  // While an answer asked for as the page's code ran (the first search, the audit
  // page's numbers) is on its way, drawn in slices, as the router draws a page: the
  // answer is read between them, and drawn in this render rather than in one after it.
  // With every answer in, drawn in one task: the slices' yields only delayed the rows.
  if (client.isFetching() > 0) startTransition(() => root.render(app));
  else root.render(app);
});
