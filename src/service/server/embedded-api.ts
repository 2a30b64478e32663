import type { FastifyInstance } from 'fastify';
import type { FailedAuthLimiter } from '../auth/failed-auth-limiter';
import type { TokenStore } from '../auth/token-store';
import type { CalculatedField } from '../../contract/field';
import type { DirectoryStore } from '../store/directory-store';
import type { FieldStore } from '../store/field-store';
import { registerApi } from './api-plugin';
import { registerDirectoryRoute } from './routes/directory-route';
import { registerFieldRoutes } from './routes/field-routes';
import { embeddedNames } from './names/embedded-names';
import { registerNameRoutes } from './names/name-routes';

export interface EmbeddedApi {
  kind: 'embedded';
  store: FieldStore;
  /** Without one, the directory route is missing, as on a real instance. */
  directory?: DirectoryStore;
  /** Verifies tokens; a demo store also knows its demo token, which makes the app call it a demo. */
  tokens: Pick<TokenStore, 'verify'> & Partial<Pick<TokenStore, 'demoToken'>>;
  now?: () => number;
}

/** The API answered by this server's own store, behind its own tokens. */
export async function registerEmbeddedApi(
  app: FastifyInstance,
  api: EmbeddedApi,
  limiter: FailedAuthLimiter,
  onFieldsChanged?: (fields: readonly CalculatedField[]) => void,
): Promise<void> {
  const judgeToken = (token: string) =>
    token === '' ? 'missing' : api.tokens.verify(token) ? 'valid' : 'invalid';
  await registerApi(app, {
    judgeToken,
    limiter,
    routes: (routes) => {
      registerFieldRoutes(routes, { store: api.store, now: api.now, onFieldsChanged });
      if (api.directory) registerDirectoryRoute(routes, api.directory);
    },
  });
  if (api.directory) {
    await registerNameRoutes(app, { judgeToken, limiter, answers: embeddedNames(api.directory) });
  }
}
