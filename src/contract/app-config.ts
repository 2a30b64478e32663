import { z } from 'zod';

/** What the web app asks its own server before it asks anyone for a token. */
export const appConfigSchema = z.object({
  /** embedded: the server's own store answers; proxy: a real instance behind the server. */
  mode: z.enum(['embedded', 'proxy']),
  /** The server sends its own token to the instance; the app skips sign-in and sends none. */
  tokenHeldByServer: z.boolean(),
  /**
   * The store is a demo instance made by `npm start`, whose token is printed at start-up
   * and so is no secret; sign-in says so. Says nothing else about the instance.
   */
  demo: z.boolean().catch(false),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
