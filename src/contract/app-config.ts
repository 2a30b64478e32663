import { z } from 'zod';
import { copySortFields } from './copy-orders';

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
  /**
   * Proxy mode with tokens from sign-in: how long a token the instance accepted is
   * trusted without asking it again (`--token-trust`). A token the instance revokes
   * keeps reading the audit that long; sign-in says so.
   */
  tokenTrustMs: z.int().min(0).optional().catch(undefined),
  /**
   * The sorts production lacks that this server answers from its copy of the instance
   * (contract/copy-orders.ts): every one in embedded mode and in proxy mode with an
   * audit. Absent (an older server, a proxy without an audit): the table offers none.
   */
  copySorts: z.array(z.enum(copySortFields)).optional().catch(undefined),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
