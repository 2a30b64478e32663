import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { DiffAnswer, DiffChangesAnswer, Scan } from '../../../contract/audit';
import { diffChangesRequestSchema, diffQuerySchema } from '../../../contract/audit';
import { ApiError } from '../../server/api-error';
import { parseOrThrow } from '../../server/validate';
import { diffCsv, diffJson } from '../diff/diff-export';
import { changesOfKind, withStates } from '../diff/diff-pages';
import type { AuditContext } from './audit-context';

/** The diff of any two complete scans: counts, pages of changes with both states, and exports. */
export function registerDiffRoutes(api: FastifyInstance, context: AuditContext): void {
  const { service } = context;
  const completeScan = (id: number, role: string): Scan => {
    const scan = service.store.instanceScan(service.instanceId, id);
    if (!scan) throw new ApiError(404, `no scan has the id ${id} (${role})`);
    if (scan.state !== 'complete') {
      throw new ApiError(
        409,
        `scan ${id} (${role}) is ${scan.state}; only complete scans can be compared`,
      );
    }
    return scan;
  };
  const diffOf = (from: number, to: number) => {
    const answer = { from: completeScan(from, 'from'), to: completeScan(to, 'to') };
    const diff = service.diff(from, to);
    return { diff, answer: { ...answer, counts: diff.counts } as DiffAnswer };
  };

  api.get('/diff', async (request): Promise<DiffAnswer> => {
    const { from, to } = parseOrThrow(diffQuerySchema, request.query);
    return diffOf(from, to).answer;
  });

  api.post('/diff/changes', async (request): Promise<DiffChangesAnswer> => {
    const {
      from,
      to,
      kind,
      offset = 0,
      limit,
    } = parseOrThrow(diffChangesRequestSchema, request.body);
    const { diff } = diffOf(from, to);
    const matching = changesOfKind(diff, kind);
    const changes = withStates(service.store, matching.slice(offset, offset + limit));
    return {
      totalHits: matching.length,
      changes,
      hasMore: offset + changes.length < matching.length,
    };
  });

  api.get('/diff/export', async (request, reply) => {
    const { from, to, format = 'csv' } = parseOrThrow(diffQuerySchema, request.query);
    const { diff, answer } = diffOf(from, to);
    const body =
      format === 'csv' ? diffCsv(service.store, diff) : diffJson(service.store, diff, answer);
    return reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-diff-${from}-${to}.${format}"`)
      .send(Readable.from(body));
  });
}
