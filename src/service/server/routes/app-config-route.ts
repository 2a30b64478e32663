import type { FastifyInstance } from 'fastify';

/** What the web app needs to know before it asks anyone for a token. */
export interface AppConfig {
  mode: 'embedded' | 'proxy';
  /** The server sends its own token upstream; the app skips sign-in. */
  tokenHeldByServer: boolean;
}

export const APP_CONFIG_PATH = '/api/app-config';

export function registerAppConfigRoute(app: FastifyInstance, config: AppConfig): void {
  app.get(APP_CONFIG_PATH, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return config;
  });
}
