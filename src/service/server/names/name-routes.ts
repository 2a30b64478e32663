import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  cardsQuerySchema,
  dataSourceIdsSchema,
  dataSourcesQuerySchema,
  namePaths,
  usersQuerySchema,
} from '../../../contract/names';
import { registerApi } from '../api-plugin';
import type { TokenAuth } from '../token-auth';
import { parseOrThrow } from '../validate';

/** What answers the name routes: the store in embedded mode, the instance behind a proxy. */
export interface NameAnswers {
  users(ids: number[], includeDetails: boolean, request: FastifyRequest): Promise<unknown>;
  cards(ids: string[], withOwners: boolean, request: FastifyRequest): Promise<unknown>;
  dataSources(ids: string[], request: FastifyRequest): Promise<unknown>;
}

const CONTENT_BASE = '/api/content';
const DATA_BASE = '/api/data';

/**
 * Production's three name endpoints (docs/api.md, "Names"), read-only, each under
 * its own base path with the same token check as the calculated-field API. Ids are
 * validated here in both modes: at most 100, each of its kind's form.
 */
export async function registerNameRoutes(
  app: FastifyInstance,
  options: {
    auth: TokenAuth;
    answers: NameAnswers;
  },
): Promise<void> {
  const { auth, answers } = options;
  await registerApi(app, {
    prefix: CONTENT_BASE,
    auth,
    routes: (api) => {
      api.get(namePaths.users.slice(CONTENT_BASE.length), async (request) => {
        const query = parseOrThrow(usersQuerySchema, request.query);
        return answers.users(query.id.map(Number), query.includeDetails === 'true', request);
      });
      api.get(namePaths.cards.slice(CONTENT_BASE.length), async (request) => {
        const query = parseOrThrow(cardsQuerySchema, request.query);
        return answers.cards(query.urns, query.parts?.includes('owners') === true, request);
      });
    },
  });
  await registerApi(app, {
    prefix: DATA_BASE,
    auth,
    routes: (api) => {
      api.post(namePaths.dataSources.slice(DATA_BASE.length), async (request) => {
        parseOrThrow(dataSourcesQuerySchema, request.query);
        return answers.dataSources(parseOrThrow(dataSourceIdsSchema, request.body), request);
      });
    },
  });
}
