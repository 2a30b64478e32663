/** What the web app asks its own server before it asks anyone for a token. */
export interface AppConfig {
  /** embedded: the server's own store answers; proxy: a real instance behind the server. */
  mode: 'embedded' | 'proxy';
  /** The server sends its own token to the instance; the app skips sign-in and sends none. */
  tokenHeldByServer: boolean;
}

/** Outside the API's base path, so it is never forwarded and needs no token. */
export const APP_CONFIG_PATH = '/api/app-config';
