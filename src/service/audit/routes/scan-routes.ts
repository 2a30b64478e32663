import type { FastifyInstance } from 'fastify';
import type { AuditStatus, Scan } from '../../../contract/audit';
import { SCANS_PAGE_DEFAULT, scansQuerySchema } from '../../../contract/audit';
import { ApiError } from '../../server/api-error';
import { securityHeaders } from '../../server/security-headers';
import { presentedToken } from '../../server/token-auth';
import { parseFieldId } from '../../../contract/field-id';
import { parseOrThrow } from '../../server/validate';
import { TooManyScans } from '../scan/scan-start-limit';
import type { AuditContext } from './audit-context';

/** Sent on an idle event stream so that proxies and browsers keep it open. */
const HEARTBEAT_MS = 15_000;

export function scanOrThrow(context: AuditContext, raw: string): Scan {
  const id = parseFieldId(raw);
  if (id === undefined) {
    throw new ApiError(
      400,
      `a scan id is a positive integer (got ${JSON.stringify(raw.slice(0, 40))})`,
      [{ field: 'id', message: 'must be a positive integer' }],
    );
  }
  const scan = context.service.scan(id);
  if (!scan) throw new ApiError(404, `no scan has the id ${id}`);
  return scan;
}

/** Status, the scans, starting and cancelling one, and its progress as server-sent events. */
export function registerScanRoutes(api: FastifyInstance, context: AuditContext): void {
  const { service } = context;

  api.get('/status', async (): Promise<AuditStatus> => ({
    mode: context.mode,
    instance: context.instance,
    ...(context.scanEveryMs ? { scanEveryMs: context.scanEveryMs } : {}),
    keep: context.keep,
    ...service.status(),
  }));

  api.get('/scans', async (request) => {
    const query = parseOrThrow(scansQuerySchema, request.query);
    const offset = query.offset ?? 0;
    const { scans, totalHits } = service.scans(offset, query.limit ?? SCANS_PAGE_DEFAULT);
    return { scans, totalHits, hasMore: offset + scans.length < totalHits };
  });

  api.post('/scans', async (request, reply) => {
    const body = request.body;
    if (
      body !== undefined &&
      body !== null &&
      (typeof body !== 'object' || Object.keys(body).length > 0)
    ) {
      throw new ApiError(400, 'starting a scan takes no body (or an empty object)');
    }
    let scan: Scan;
    try {
      scan = service.startScan(presentedToken(request) || undefined);
    } catch (error) {
      if (!(error instanceof TooManyScans)) throw error;
      const seconds = String(Math.max(1, Math.ceil(error.retryAfterMs / 1000)));
      throw new ApiError(429, error.message, undefined, { 'retry-after': seconds });
    }
    return reply.code(202).send({ scan });
  });

  api.get<{ Params: { id: string } }>('/scans/:id', async (request) => ({
    scan: scanOrThrow(context, request.params.id),
  }));

  api.post<{ Params: { id: string } }>('/scans/:id/cancel', async (request) => {
    const scan = scanOrThrow(context, request.params.id);
    if (scan.state !== 'running')
      throw new ApiError(409, `scan ${scan.id} is not running (it is ${scan.state})`);
    return { scan: (await service.cancelScan(scan.id)) ?? service.scan(scan.id) };
  });

  // Every change of the running scan, as server-sent events; the first tells the state now.
  api.get('/scans/events', (request, reply) => {
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      ...securityHeaders,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
    });
    const send = (scan: Scan | undefined) =>
      out.write(`event: scan\ndata: ${JSON.stringify(scan ?? null)}\n\n`);
    send(service.runningScan() ?? service.latestScan());
    const unsubscribe = service.onScanProgress(send);
    const heartbeat = setInterval(() => out.write(': still here\n\n'), HEARTBEAT_MS);
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
    };
    request.raw.on('close', stop);
    out.on('error', stop);
  });
}
