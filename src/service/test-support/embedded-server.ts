import type { FastifyInstance } from 'fastify';
import { buildServer } from '../server/build-server';
import type { Stores } from '../store/open-store';

/** The service's server over opened stores, as a start over a store builds it, without the audit. */
export function buildEmbeddedServer(stores: Stores): Promise<FastifyInstance> {
  return buildServer({
    api: {
      kind: 'embedded',
      store: stores.fields,
      directory: stores.directory,
      tokens: stores.tokens,
    },
  });
}
