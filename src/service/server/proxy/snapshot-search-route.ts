import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InstanceData } from '../../../contract/search';
import { searchRequestValidation } from '../../../contract/search-validation';
import type { AcceptedTokens } from '../../auth/accepted-tokens';
import type { FailedAuthLimiter } from '../../auth/failed-auth-limiter';
import type { AuditService } from '../../audit/audit-service';
import type { SnapshotRefresher } from '../../audit/snapshot/snapshot-refresher';
import { SnapshotSearch } from '../../audit/snapshot/snapshot-search';
import { searchPageJson } from '../../store/search-page';
import { UpstreamError } from '../../upstream/upstream-client';
import { presentedToken, tokenRefusal } from '../token-auth';
import { parseOrThrow } from '../validate';
import { instanceTokenJudge } from './instance-token-judge';
import type { ProxiedApi } from './proxy-api';

export interface SnapshotSearchOptions {
  api: ProxiedApi;
  accepted: AcceptedTokens;
  limiter: FailedAuthLimiter;
  service: AuditService;
  refresher: SnapshotRefresher;
  /** Forwards the search to the instance, adding `instanceData` to its answer. */
  passThrough: (request: FastifyRequest, reply: FastifyReply, data: InstanceData) => unknown;
}

/** `instanceData` added to a search answer already written as JSON. */
export function withInstanceData(json: string, data: InstanceData): string {
  return `${json.slice(0, json.lastIndexOf('}'))},"instanceData":${JSON.stringify(data)}}`;
}

/**
 * `POST /functions/search` in proxy mode (docs/proxy.md): answered from the
 * instance as last seen, refreshed first, for a caller whose token the instance
 * accepts. Before the first scan has completed it is forwarded to the instance,
 * and the answer says so; the first search starts that scan.
 */
export function snapshotSearchRoute(options: SnapshotSearchOptions) {
  const { api, service, refresher, limiter } = options;
  const judge = instanceTokenJudge(api, options.accepted);
  const snapshot = new SnapshotSearch(service);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = presentedToken(request);
    const verdict = await judge(token);
    if (verdict === 'missing' || verdict === 'invalid') {
      limiter.recordFailure(request.ip);
      throw tokenRefusal(verdict);
    }
    const search = parseOrThrow(searchRequestValidation, request.body);
    if (!service.latestScan()) {
      service.scanner.offerToken(token);
      if (!service.scanner.current() && service.store.scans(service.instanceId).length === 0) {
        // The first scan runs with this caller's token, as one started from the audit page would.
        service.scanner.start('schedule', token);
      }
      return options.passThrough(request, reply, {
        source: 'instance',
        firstScanRunning: service.scanner.current() !== undefined,
      });
    }
    try {
      await refresher.refresh(token);
    } catch (error) {
      if (!(error instanceof UpstreamError && error.kind === 'refused')) throw error;
      options.accepted.forget(token);
      limiter.recordFailure(request.ip);
      throw tokenRefusal('invalid');
    }
    const page = snapshot.search(search)!;
    return reply
      .type('application/json; charset=utf-8')
      .send(withInstanceData(searchPageJson(page), refresher.instanceData()));
  };
}
