import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InstanceData } from '../../../contract/search';
import type { AuditService } from '../../audit/audit-service';
import type { SnapshotRefresher } from '../../audit/snapshot/snapshot-refresher';
import { SnapshotSearch } from '../../audit/snapshot/snapshot-search';
import { searchPageJson } from '../../store/search-page';
import { unacceptedBySearch } from '../../../contract/upstream-allow-list';
import { ApiError } from '../api-error';
import { UpstreamError } from '../../upstream/upstream-client';
import { presentedToken, tokenRefusal } from '../token-auth';
import type { TokenAuth } from '../token-auth';
import { parseSearchBody } from '../search-body';

export interface SnapshotSearchOptions {
  auth: TokenAuth;
  service: AuditService;
  refresher: SnapshotRefresher;
  /** Forwards the search to the instance, adding `instanceData` to its answer. */
  passThrough: (request: FastifyRequest, reply: FastifyReply, data: InstanceData) => unknown;
}

/**
 * The instance's own search answer with `instanceData` added; an answer that is not
 * a JSON object is passed on as it came.
 */
export function withInstanceData(json: string, data: InstanceData): string {
  let answer: unknown;
  try {
    answer = JSON.parse(json);
  } catch {
    return json;
  }
  return typeof answer === 'object' && answer !== null && !Array.isArray(answer)
    ? JSON.stringify({ ...answer, instanceData: data })
    : json;
}

function notYetAnswerable(unaccepted: readonly string[]): ApiError {
  return new ApiError(
    409,
    `${unaccepted.join(' and ')} can be answered once this server's first scan of the instance ` +
      'has completed (the audit page shows its progress). Until then searches go to the ' +
      'instance itself, which sorts only by name or created and knows only its own filters.',
  );
}

/**
 * `POST /functions/search` in proxy mode (docs/proxy.md): answered from the
 * instance as last seen, refreshed first, for a caller whose token the instance
 * accepts (judged before this route runs, as on every route). Before the first
 * scan has completed it is forwarded to the instance, and the answer says so; the
 * first search starts that scan. A search the instance is not known to accept is
 * refused (409) until then, not forwarded.
 */
export function snapshotSearchRoute(options: SnapshotSearchOptions) {
  const { service, refresher, auth } = options;
  const snapshot = new SnapshotSearch(service);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = presentedToken(request);
    const search = parseSearchBody(request.body);
    if (!service.latestScan()) {
      // The first scan runs with this caller's token, as one started from the audit page would.
      service.ensureFirstScan(token);
      await service.startListCopy(token, refresher.firstSearchWaitsMs);
      const listed = service.searchListCopy(search);
      if (listed) {
        return reply.type('application/json; charset=utf-8').send(
          withInstanceData(searchPageJson(listed.page), {
            source: 'snapshot',
            asOf: listed.asOf,
            refreshEveryMs: 0,
            checkingDeletions: false,
            listedOnly: true,
          }),
        );
      }
      // Validated: each filter is an object with its name in `field`, as the client spelt it.
      const { filters } = request.body as { filters: Array<{ field: string }> };
      const unaccepted = unacceptedBySearch({ filters, sort: search.sort });
      // Production ignores a sort it does not know and answers in name order, so passing
      // such a search on would show rows in an order other than the one asked for.
      if (unaccepted.length > 0) throw notYetAnswerable(unaccepted);
      return options.passThrough(request, reply, {
        source: 'instance',
        firstScanRunning: service.runningScan() !== undefined,
      });
    }
    try {
      await refresher.refresh(token);
    } catch (error) {
      if (!(error instanceof UpstreamError && error.kind === 'refused')) throw error;
      auth.instanceRefused(token, request.ip);
      throw tokenRefusal('invalid');
    }
    const page = (await snapshot.search(search))!;
    return reply
      .type('application/json; charset=utf-8')
      .send(searchPageJson(page, { instanceData: refresher.instanceData() }));
  };
}
