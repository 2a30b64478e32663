import type { FastifyInstance } from 'fastify';
import type { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import type { TokenStore } from '../auth/token-store';
import type { FieldStore } from '../store/field-store';
import { registerFieldRoutes } from './routes/field-routes';
import { registerTokenAuth } from './token-auth';

export interface EmbeddedApi {
  kind: 'embedded';
  store: FieldStore;
  tokens: Pick<TokenStore, 'verify'>;
  now?: () => number;
}

/** The API answered by this server's own store, behind its own tokens. */
export function registerEmbeddedApi(
  app: FastifyInstance,
  api: EmbeddedApi,
  limiter: FailedAuthLimiter,
): void {
  registerTokenAuth(app, { verify: (token) => api.tokens.verify(token), limiter });
  registerFieldRoutes(app, { store: api.store, now: api.now });
}
