import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { fetchAppConfig } from './api/app-config';
import { startServerHeldSession } from './api/session';
import { App } from './app/App';

// Whether to ask for a token is known before the first screen, so sign-in never
// flashes up when the server holds the token.
void fetchAppConfig().then((config) => {
  if (config.tokenHeldByServer) startServerHeldSession();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
