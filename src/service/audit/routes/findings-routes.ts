import type { FastifyInstance } from 'fastify';
import type {
  FieldFindingsAnswer,
  FieldsFindingsAnswer,
  FindingGroupsAnswer,
  FindingsAnswer,
  SnapshotStatisticsAnswer,
  TrendPoint,
} from '../../../contract/audit';
import {
  findingFieldsRequestSchema,
  findingKeySchema,
  fieldsFindingsRequestSchema,
  groupsQuerySchema,
} from '../../../contract/audit';
import { NO_SCAN_YET } from '../../../contract/no-scan-yet';
import { searchPageJson } from '../../store/search-page';
import { ApiError } from '../../server/api-error';
import { parseFieldIdOrThrow, parseOrThrow } from '../../server/validate';
import { describeGroups } from '../findings/describe-findings';
import { UnknownGroup } from '../search/finding-index';
import type { SnapshotView } from '../view/snapshot-view';
import type { AuditContext } from './audit-context';

const DEFAULT_GROUPS_PAGE = 50;

/** Findings of the instance as last seen, their groups, and the fields of each. */
export function registerFindingsRoutes(api: FastifyInstance, context: AuditContext): void {
  const { service } = context;
  api.get('/findings', async (): Promise<FindingsAnswer> => {
    const view = await viewOrThrow(context);
    const findings = view.findings();
    return {
      scanId: view.scan.id,
      scanFinished: view.scan.finished ?? view.scan.started,
      changesSinceScan: view.changesSinceScan(),
      version: view.version,
      headline: findings.headline,
      columnsKnown: findings.references.columnsKnown,
      archivedUnused: findings.archivedUnused.length,
      ...view.summary(),
    };
  });

  api.get('/statistics', async (): Promise<SnapshotStatisticsAnswer> => {
    const view = await viewOrThrow(context);
    return {
      scanFinished: view.scan.finished ?? view.scan.started,
      changesSinceScan: view.changesSinceScan(),
      statistics: view.statistics(),
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
      const findings = (await viewOrThrow(context)).findings();
      const totalHits = findings.byKey[key].groups.length;
      const groups = describeGroups(findings, key, offset, limit);
      return { totalHits, groups, hasMore: offset + groups.length < totalHits };
    },
  );

  // A page of the finding's fields in the search's own shape, with a note per field.
  api.post<{ Params: { key: string } }>('/findings/:key/fields', async (request, reply) => {
    const key = parseOrThrow(findingKeySchema, request.params.key);
    const { group, ...search } = parseOrThrow(findingFieldsRequestSchema, request.body);
    const view = await viewOrThrow(context);
    const findings = view.findings();
    let page;
    try {
      page = view.searchFinding(key, group, search);
    } catch (error) {
      if (error instanceof UnknownGroup) throw new ApiError(404, error.message);
      throw error;
    }
    const results = service.searchItems(page.ids);
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

  // What the drawer shows of the audit: every finding for one field, each traced to its cause.
  api.get<{ Params: { id: string } }>(
    '/fields/:id/findings',
    async (request): Promise<FieldFindingsAnswer> => {
      const id = parseFieldIdOrThrow(request.params.id);
      const answer = await service.fieldFindings(id);
      if (!answer) throw noScanYet();
      return answer;
    },
  );

  // What an export carries of the audit: which findings hold each field of a page of them.
  api.post('/fields/findings', async (request): Promise<FieldsFindingsAnswer> => {
    const { ids } = parseOrThrow(fieldsFindingsRequestSchema, request.body);
    const answer = await service.fieldsFindings(ids);
    if (!answer) throw noScanYet();
    return answer;
  });

  api.get('/trend', async (): Promise<{ points: TrendPoint[] }> => ({ points: service.trend() }));
}

/** The instance as last seen with its findings made; a 404 in the error shape before the first scan completed. */
export async function viewOrThrow({ service }: AuditContext): Promise<SnapshotView> {
  const view = await service.viewWithFindings();
  if (!view) throw noScanYet();
  return view;
}

const noScanYet = () => new ApiError(404, NO_SCAN_YET);
