import type { FastifyInstance } from 'fastify';
import type {
  FindingGroupsAnswer,
  FindingsAnswer,
  SnapshotStatisticsAnswer,
  TrendPoint,
} from '../../../contract/audit';
import {
  findingFieldsRequestSchema,
  findingKeySchema,
  groupsQuerySchema,
} from '../../../contract/audit';
import { searchPageJson } from '../../store/search-page';
import { ApiError } from '../../server/api-error';
import { parseOrThrow } from '../../server/validate';
import type { Findings } from '../findings/compute-findings';
import { describeGroups, summaryOf } from '../findings/describe-findings';
import { snapshotStatistics } from '../findings/snapshot-statistics';
import { searchItemsJson, UnknownGroup } from '../search/finding-search';
import type { AuditContext } from './audit-context';

const DEFAULT_GROUPS_PAGE = 50;

/** Findings of the instance as last seen, their groups, and the fields of each. */
export function registerFindingsRoutes(api: FastifyInstance, context: AuditContext): void {
  const { service } = context;
  const findingsOrThrow = (): Findings => {
    const findings = service.findings();
    if (!findings) {
      throw new ApiError(404, 'no scan has completed yet; start one with POST /api/audit/v1/scans');
    }
    return findings;
  };

  api.get('/findings', async (): Promise<FindingsAnswer> => {
    const findings = findingsOrThrow();
    const scan = service.latestScan()!;
    return {
      scanId: scan.id,
      scanFinished: scan.finished ?? scan.started,
      changesSinceScan: service.changesSinceScan(),
      version: service.version,
      headline: findings.headline,
      columnsKnown: findings.references.columnsKnown,
      ...summaryOf(findings),
    };
  });

  api.get('/statistics', async (): Promise<SnapshotStatisticsAnswer> => {
    const findings = findingsOrThrow();
    const scan = service.latestScan()!;
    return {
      scanFinished: scan.finished ?? scan.started,
      changesSinceScan: service.changesSinceScan(),
      statistics: snapshotStatistics(findings),
    };
  });

  api.get<{ Params: { key: string } }>(
    '/findings/:key/groups',
    async (request): Promise<FindingGroupsAnswer> => {
      const key = parseOrThrow(findingKeySchema, request.params.key);
      const { offset = 0, limit = DEFAULT_GROUPS_PAGE } = parseOrThrow(
        groupsQuerySchema,
        request.query,
      );
      const findings = findingsOrThrow();
      const totalHits = findings.byKey[key].groups.length;
      const groups = describeGroups(findings, key, offset, limit);
      return { totalHits, groups, hasMore: offset + groups.length < totalHits };
    },
  );

  // A page of the finding's fields in the search's own shape, with a note per field.
  api.post<{ Params: { key: string } }>('/findings/:key/fields', async (request, reply) => {
    const key = parseOrThrow(findingKeySchema, request.params.key);
    const { group, ...search } = parseOrThrow(findingFieldsRequestSchema, request.body);
    const findings = findingsOrThrow();
    let page;
    try {
      page = context.findingSearch.search(findings, key, group, search);
    } catch (error) {
      if (error instanceof UnknownGroup) throw new ApiError(404, error.message);
      throw error;
    }
    const results = searchItemsJson(service.store, service.instanceId, page.ids);
    const notes = Object.fromEntries(
      page.ids.flatMap((id) => {
        const note = findings.byKey[key].notes.get(id);
        return note === undefined ? [] : [[String(id), note]];
      }),
    );
    const json = searchPageJson(
      { totalHits: page.totalHits, hasMore: page.hasMore, degraded: false, results },
      { notes },
    );
    return reply.type('application/json; charset=utf-8').send(json);
  });

  api.get('/trend', async (): Promise<{ points: TrendPoint[] }> => ({
    points: service.store
      .scans(service.instanceId)
      .filter((scan) => scan.state === 'complete' && scan.headline)
      .reverse()
      .map((scan) => ({
        scanId: scan.id,
        finished: scan.finished ?? scan.started,
        headline: scan.headline!,
      })),
  }));
}
