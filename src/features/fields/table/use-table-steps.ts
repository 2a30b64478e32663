import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { searchFieldsQueryOptions } from '../../../api/calculated-fields/search-fields';
import type { FieldSteps, StepDirection } from '../../../components/field-steps';
import type { TableView } from '../../../links/table-address';
import { toSearchRequest } from '../../../links/table-search';
import type { FindingScope } from '../../../contract/audit';
import { fieldAddress } from '../../../links/field-address';

/** `search` showing page `page` (the first page is the default and left out). */
function withPage(search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page === 1) params.delete('page');
  else params.set('page', String(page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * Steps the drawer through the rows on screen in table order, and at a page's edge
 * to the first (or last) row of the next (or previous) page, which then shows in the
 * table too. Each step is a history entry, so Back returns to the field before.
 */
export function useTableSteps(
  page: { results: readonly { id: number }[]; totalHits: number } | undefined,
  view: TableView,
  scope: FindingScope | undefined,
): FieldSteps {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { search } = useLocation();
  const ids = page?.results.map((field) => field.id) ?? [];
  const open = (id: number, pageNumber: number) =>
    navigate({ pathname: fieldAddress(id), search: withPage(search, pageNumber) });

  return {
    position(id) {
      const index = ids.indexOf(id);
      if (!page || index < 0) return undefined;
      return { number: (view.page - 1) * view.pageSize + index + 1, total: page.totalHits };
    },
    async step(id: number, direction: StepDirection) {
      const index = ids.indexOf(id);
      if (index < 0) return;
      const onPage = ids[index + (direction === 'next' ? 1 : -1)];
      if (onPage !== undefined) return void open(onPage, view.page);
      const pageNumber = view.page + (direction === 'next' ? 1 : -1);
      if (pageNumber < 1) return;
      const answer = await queryClient.fetchQuery(
        searchFieldsQueryOptions(toSearchRequest({ ...view, page: pageNumber }), scope),
      );
      const target = direction === 'next' ? answer.results[0] : answer.results.at(-1);
      if (target) void open(target.id, pageNumber);
    },
  };
}
