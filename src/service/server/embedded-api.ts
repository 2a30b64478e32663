import type { FastifyInstance } from 'fastify';
import type { TokenStore } from '../auth/token-store';
import type { DirectoryStore } from '../store/directory-store';
import type { FieldStore } from '../store/field-store';
import { registerApi } from './api-plugin';
import type { FieldsMoved } from './fields-moved';
import { registerBulkTemplateRoute } from './routes/bulk-template-route';
import { registerTemplateWriteRoutes } from './routes/template-write-routes';
import { registerDirectoryRoute } from './routes/directory-route';
import { registerFieldRoutes } from './routes/field-routes';
import { embeddedNames } from './names/embedded-names';
import { registerNameRoutes } from './names/name-routes';
import type { TokenAuth } from './token-auth';
import { embeddedWhoIs, refuseWritesWithout } from './who-is';
import { isFieldWrite } from './field-writes';

export interface EmbeddedApi {
  kind: 'embedded';
  store: FieldStore;
  /** Without one, the directory route is missing, as on a real instance. */
  directory?: DirectoryStore;
  /** Verifies tokens; a demo store also knows its demo token, which makes the app call it a demo. */
  tokens: Pick<TokenStore, 'verify'> & Partial<Pick<TokenStore, 'demoToken' | 'identify'>>;
  now?: () => number;
}

/** The API answered by this server's own store, behind its own tokens. */
export async function registerEmbeddedApi(
  app: FastifyInstance,
  api: EmbeddedApi,
  auth: TokenAuth,
  onFieldsMoved?: FieldsMoved,
): Promise<void> {
  await registerApi(app, {
    auth,
    routes: (routes) => {
      refuseWritesWithout(routes, embeddedWhoIs(api.tokens), isFieldWrite);
      registerFieldRoutes(routes, { store: api.store });
      registerTemplateWriteRoutes(routes, { store: api.store, now: api.now, onFieldsMoved });
      registerBulkTemplateRoute(routes, { store: api.store, now: api.now, onFieldsMoved });
      if (api.directory) registerDirectoryRoute(routes, api.directory);
    },
  });
  if (api.directory) {
    await registerNameRoutes(app, { auth, answers: embeddedNames(api.directory) });
  }
}
