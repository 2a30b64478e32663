import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../contract/paths';
import { ApiError, sendError } from './api-error';
import { RouteTable } from './route-table';
import type { TokenAuth } from './token-auth';

export interface ApiPluginOptions {
  /** Where the API lives; the calculated-field API's base path unless said otherwise. */
  prefix?: string;
  /** The mode's token policy, the same for every API of the server. */
  auth: TokenAuth;
  /** Registers the API's routes, with paths relative to the API's base path. */
  routes: (api: FastifyInstance) => Promise<void> | void;
}

/**
 * An API as one encapsulated plugin under its base path: the calculated-field
 * API, the same in embedded and proxy mode, and the audit API. Its hooks run for every request the router
 * matches to it, including unknown paths and methods below the base path, so
 * authentication cannot be skipped by spelling a path differently (`/%61pi/...`).
 * After authentication, an unknown path is 404 and a known path asked with another
 * method is 405 naming the methods it takes; neither reads the body.
 */
export async function registerApi(app: FastifyInstance, options: ApiPluginOptions) {
  await app.register(
    async (api) => {
      const table = new RouteTable();
      api.addHook('onRoute', (route) => table.add(route.url ?? '', route.method));
      options.auth.register(api);
      api.addHook('onRequest', async (request, reply) => {
        if (!request.is404) return;
        const allowed = table.methodsFor(request.url);
        const refusal = allowed
          ? new ApiError(405, `this path takes ${allowed.join(', ')}`, undefined, {
              allow: allowed.join(', '),
            })
          : new ApiError(404, `nothing is at ${request.method} ${request.url.split('?')[0]}`);
        return sendError(request, reply, refusal);
      });
      await options.routes(api);
      // Answered by the hook above; Fastify needs a handler for the prefix to be ours.
      api.setNotFoundHandler(async () => {
        throw new ApiError(404, 'nothing is here');
      });
    },
    { prefix: options.prefix ?? API_BASE },
  );
}
