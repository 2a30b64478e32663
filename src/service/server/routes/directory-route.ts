import type { FastifyInstance } from 'fastify';
import { directoryQuerySchema } from '../../../contract/directory';
import { apiRoutes } from '../../../contract/paths';
import type { DirectoryStore } from '../../store/directory-store';
import { parseOrThrow } from '../validate';

/** GET /functions/directory: names of owners, data sources and cards (docs/api.md). */
export function registerDirectoryRoute(api: FastifyInstance, directory: DirectoryStore): void {
  api.get(apiRoutes.directory, async (request) =>
    directory.answer(parseOrThrow(directoryQuerySchema, request.query)),
  );
}
