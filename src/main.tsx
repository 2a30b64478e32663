import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/reduced-motion.css';
// First of the modules below: it asks for the first page's code, learns the session and
// sends the first search before the rest run.
import { firstQueryClient } from './app/entry-start';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadLocaleData } from './app/locale-data';
import { createAppRouter, firstPageLoaded } from './app/router';

void (async () => {
  const client = firstQueryClient;
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
})();
