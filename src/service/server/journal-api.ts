import type { FastifyInstance } from 'fastify';
import { JOURNAL_BASE } from '../../contract/journal';
import type { Journal } from '../journal/journal';
import { registerJournalRoutes } from '../journal/journal-routes';
import type { FieldsNow } from '../journal/only-fields-now';
import { registerApi } from './api-plugin';
import type { TokenAuth } from './token-auth';
import type { WhoIs } from './who-is';

/**
 * The journal API under its own base path (docs/api.md, "The journal"), behind the
 * same tokens as the API. Without a journal only `GET /me` is served.
 */
export async function registerJournalApi(
  app: FastifyInstance,
  options: { journal?: Journal; whoIs: WhoIs; auth: TokenAuth; fieldsNow?: FieldsNow },
): Promise<void> {
  await registerApi(app, {
    prefix: JOURNAL_BASE,
    auth: options.auth,
    routes: (routes) => registerJournalRoutes(routes, options),
  });
}
