import { http, HttpResponse } from 'msw';
import { nameHandlers } from '../../../api/test-support/mock-names';
import type { setupServer } from 'msw/node';
import type {
  CardEntry,
  DataSourceEntry,
  DirectoryResponse,
  OwnerEntry,
} from '../../../contract/directory';
import type { CalculatedField, Link } from '../../../contract/field';
import { searchItemOf } from '../../../contract/field';
import { journalPaths } from '../../../contract/journal';
import { API_BASE, apiPaths, apiRoutes } from '../../../contract/paths';
import { reader } from '../../../api/test-support/mock-journal';
import type { SearchRequest, SearchResponse } from '../../../contract/search';
import { DEPENDENTS_FILTER } from '../../../contract/search';
import type { MockAudit } from './mock-audit';
import { auditHandlers } from './mock-audit';

export const SALES = '0b8e5f4c-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
export const TICKETS = '5c0a9e1b-7f3d-4e2a-8b6c-1d0e9f8a7b6c';

export const dataSourceLink = (id: string, valid = 'VALID'): Link => ({
  resource: { type: 'DATA_SOURCE', id },
  visible: true,
  active: true,
  valid,
});

export const cardLink = (id: string, valid = 'VALID'): Link => ({
  resource: { type: 'CARD', id },
  visible: true,
  active: true,
  valid,
});

export const functionTemplateLink = (id: number, valid = 'VALID'): Link => ({
  resource: { type: 'FUNCTION_TEMPLATE', id: String(id) },
  visible: false,
  active: true,
  valid,
});

export interface MockDirectory {
  owners: OwnerEntry[];
  dataSources: DataSourceEntry[];
  cards: CardEntry[];
}

export const smallDirectory: MockDirectory = {
  owners: [{ id: 7, name: 'Ada Lovelace' }],
  dataSources: [
    { id: SALES, name: 'Sales Orders', columns: ['Revenue', 'Cost', 'Region'] },
    { id: TICKETS, name: 'Support Tickets', columns: ['Amount'] },
  ],
  cards: [{ id: 'dr:1:1', title: 'Revenue by Region', dataSourceId: SALES }],
};

/**
 * An instance for drawer tests: its names and the directory (or a 404 for each where
 * they are 'missing'), each field of `fields` by id (404 for any other id), and a
 * search over `fields` that knows names, the dataset filter and templateDependencies
 * (refused with 400 when `dependents` is 'unsupported'). Every search body is kept
 * in `searches`.
 */
export function mockInstance(
  server: ReturnType<typeof setupServer>,
  options: {
    fields: CalculatedField[];
    directory: MockDirectory | 'missing';
    dependents?: Record<number, number[]> | 'unsupported';
    /** The audit's findings by field id (none by default), or 'unavailable'. */
    audit?: MockAudit;
  },
) {
  const searches: SearchRequest[] = [];
  const { fields, directory, dependents = {} } = options;
  server.use(
    // A reader by default: the drawer shows what it knows and offers no change.
    http.get(journalPaths.me, () => HttpResponse.json(reader)),
    http.get(journalPaths.fieldHistory(':id'), () => HttpResponse.json({ versions: [] })),
    ...auditHandlers(options.audit),
    // Names from production's endpoints; columns from the directory extension.
    ...nameHandlers(directory),
    http.get(`${API_BASE}${apiRoutes.template}`, ({ params }) => {
      const found = fields.find((field) => field.id === Number(params.id));
      if (found) return HttpResponse.json(found);
      return HttpResponse.json(
        { status: 404, statusReason: 'Not Found', message: 'no such field', path: '' },
        { status: 404 },
      );
    }),
    http.get(apiPaths.directory, ({ request }) => {
      if (directory === 'missing') return new HttpResponse('Not Found', { status: 404 });
      const query = new URL(request.url).searchParams;
      const ids = (name: string) => new Set(query.get(name)?.split(',') ?? []);
      const answer: DirectoryResponse = {
        owners: directory.owners.filter((owner) => ids('owners').has(String(owner.id))),
        dataSources: directory.dataSources.filter((source) => ids('dataSources').has(source.id)),
        cards: directory.cards.filter((card) => ids('cards').has(card.id)),
        totalHits: 0,
        hasMore: false,
      };
      return HttpResponse.json(answer);
    }),
    http.post(apiPaths.search, async ({ request }) => {
      const search = (await request.json()) as SearchRequest;
      searches.push(search);
      const dependentsFilter = search.filters.find((filter) => filter.field === DEPENDENTS_FILTER);
      if (dependentsFilter && dependents === 'unsupported') {
        return HttpResponse.json(
          { status: 400, statusReason: 'Bad Request', message: 'unknown filter', path: '' },
          { status: 400 },
        );
      }
      const datasetFilter = search.filters.find((filter) => filter.field === 'dataset');
      const dataset = datasetFilter && 'idList' in datasetFilter ? datasetFilter.idList : undefined;
      const matching = fields.filter((field) => {
        if (dependentsFilter && dependents !== 'unsupported') {
          return (dependents[Number(dependentsFilter.value)] ?? []).includes(field.id);
        }
        if (search.name && !field.name.toLowerCase().includes(search.name.toLowerCase()))
          return false;
        return (
          !dataset ||
          field.links.some(
            (link) => link.resource.type === 'DATA_SOURCE' && dataset.includes(link.resource.id),
          )
        );
      });
      const offset = search.offset ?? 0;
      const results = matching.slice(offset, offset + search.limit).map(searchItemOf);
      const page: SearchResponse = {
        totalHits: matching.length,
        results,
        hasMore: offset + results.length < matching.length,
        degraded: false,
      };
      return HttpResponse.json(page);
    }),
  );
  return { searches };
}
