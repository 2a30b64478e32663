import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { expect, test } from 'vitest';
import { noFilters } from '../../../components/fields-table-url/field-filters';
import { useTableParams } from './use-table-params';

function renderAt(url: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const [params, changeParams] = useTableParams();
      return { params, changeParams, search: useLocation().search };
    },
    { wrapper },
  );
}

test('reads the view from the address', () => {
  const { result } = renderAt('/fields?q=margin&sort=-created&page=3&size=100&locked=true');
  expect(result.current.params).toEqual({
    name: 'margin',
    sort: { column: 'created', descending: true },
    page: 3,
    pageSize: 100,
    filters: { ...noFilters, locked: true },
  });
});

test('a change of search, filter, sort or page size starts again at page 1', () => {
  const { result } = renderAt('/fields?page=3&size=100');

  act(() => result.current.changeParams({ filters: { ...noFilters, invalidOnly: true } }));
  expect(result.current.search).toBe('?size=100&invalid=true');

  act(() => result.current.changeParams({ page: 4 }));
  act(() => result.current.changeParams({ name: 'x' }));
  expect(result.current.params.page).toBe(1);

  act(() => result.current.changeParams({ page: 2 }));
  act(() => result.current.changeParams({ sort: { column: 'name', descending: true } }));
  expect(result.current.search).toBe('?q=x&sort=-name&size=100&invalid=true');
});

test('a change of page keeps everything else', () => {
  const { result } = renderAt('/fields?q=margin&sort=-created&size=25&archived=false');
  act(() => result.current.changeParams({ page: 2 }));
  expect(result.current.search).toBe('?q=margin&sort=-created&page=2&size=25&archived=false');
});
