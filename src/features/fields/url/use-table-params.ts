import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  readTableParams,
  writeTableParams,
} from '../../../components/fields-table-url/table-params';
import type { TableParams } from '../../../components/fields-table-url/table-params';

/**
 * The table's state, read from and written to the URL. Any change other than
 * the page itself starts again at page 1.
 */
export function useTableParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readTableParams(searchParams), [searchParams]);
  const changeParams = (change: Partial<TableParams>) =>
    setSearchParams(writeTableParams({ ...params, page: 1, ...change }));
  return [params, changeParams] as const;
}
