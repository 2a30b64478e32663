import type { FastifyInstance } from 'fastify';
import type { FunctionsAnswer } from '../../../contract/audit-functions';
import { FUNCTIONS_LIMIT_DEFAULT, functionsQuerySchema } from '../../../contract/audit-functions';
import { parseOrThrow } from '../../server/validate';
import type { AuditContext } from './audit-context';
import { viewOrThrow } from './findings-routes';

/**
 * The functions the instance's fields use, for the fields table's function filter.
 * From the audit's snapshot, so it answers in proxy mode too, where the instance
 * itself cannot list them.
 */
export function registerFunctionsRoute(api: FastifyInstance, context: AuditContext): void {
  api.get('/functions', async (request): Promise<FunctionsAnswer> => {
    const query = parseOrThrow(functionsQuerySchema, request.query);
    const view = await viewOrThrow(context);
    const part = (query.name ?? '').trim().toUpperCase();
    const matching = view.functionUsage().filter((usage) => usage.name.includes(part));
    const offset = query.offset ?? 0;
    const functions = matching.slice(offset, offset + (query.limit ?? FUNCTIONS_LIMIT_DEFAULT));
    return {
      functions,
      totalHits: matching.length,
      hasMore: offset + functions.length < matching.length,
    };
  });
}
