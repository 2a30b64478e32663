import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { DiffAnswer, DiffChangesAnswer, Scan } from '../../../contract/audit';
import { diffChangesRequestSchema, diffQuerySchema } from '../../../contract/audit';
import { ApiError } from '../../server/api-error';
import { parseOrThrow } from '../../server/validate';
import { authoredBetween } from '../diff/change-authors';
import type { AuditContext } from './audit-context';

/** The diff of any two complete scans: counts, pages of changes with both states, and exports. */
export function registerDiffRoutes(api: FastifyInstance, context: AuditContext): void {
  const { service, changeRecords } = context;
  const completeScan = (id: number, role: string): Scan => {
    const scan = service.scan(id);
    if (!scan) throw new ApiError(404, `no scan has the id ${id} (${role})`);
    if (scan.state !== 'complete') {
      throw new ApiError(
        409,
        `scan ${id} (${role}) is ${scan.state}; only complete scans can be compared`,
      );
    }
    return scan;
  };
  const diffOf = async (from: number, to: number): Promise<DiffAnswer> => {
    const scans = { from: completeScan(from, 'from'), to: completeScan(to, 'to') };
    return { ...scans, counts: (await service.diff(from, to)).counts };
  };

  api.get('/diff', async (request): Promise<DiffAnswer> => {
    const { from, to } = parseOrThrow(diffQuerySchema, request.query);
    return diffOf(from, to);
  });

  api.post('/diff/changes', async (request): Promise<DiffChangesAnswer> => {
    const {
      from,
      to,
      kind,
      offset = 0,
      limit,
    } = parseOrThrow(diffChangesRequestSchema, request.body);
    const authored = authoredBetween(
      changeRecords,
      completeScan(from, 'from'),
      completeScan(to, 'to'),
    );
    const page = { kind, offset, limit };
    const { totalHits, changes } = await service.diffChanges(from, to, page, authored);
    return { totalHits, changes, hasMore: offset + changes.length < totalHits };
  });

  api.get('/diff/export', async (request, reply) => {
    const { from, to, format = 'csv' } = parseOrThrow(diffQuerySchema, request.query);
    const diff = await diffOf(from, to);
    const authored = authoredBetween(changeRecords, diff.from, diff.to);
    const body = await service.diffExport(diff, format, authored);
    return reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-diff-${from}-${to}.${format}"`)
      .send(Readable.from(body));
  });
}
